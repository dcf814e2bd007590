import { Alert, Anchor, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { normalizeIban } from '../../../shared/finnish/iban';
import type { BankMandate } from '../../api/bank';
import { useBankMandate, useRemoveMandateAccount } from '../../api/bank';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { PATHS } from '../../paths';
import { ScrollRegion } from '../../components/ScrollRegion';
import { SettingsNav } from '../settings/SettingsNav';
import { bankDay, nowrap } from './bankParts';
import { MandateAddForm } from './MandateAddForm';

type MandateAccount = BankMandate['accounts'][number];

/**
 * `/config/mandate` ("Pankkivaltuutus"): the accounts whose reference payments the service may
 * receive, with who gave the mandate and when; how statements arrive and when the last came.
 */
export function MandatePage() {
  const { t } = useTranslation();
  const mandate = useBankMandate();
  const remove = useRemoveMandateAccount();
  const [target, setTarget] = useState<MandateAccount | null>(null);
  const data = mandate.data;

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setTarget(null);
  };
  const confirm = () => {
    if (!target) return;
    remove.mutate(
      { id: target.id },
      {
        onSuccess: () => {
          setTarget(null);
          notifySuccess(t('mandate.removed', { iban: normalizeIban(target.iban) }));
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={t('mandate.page')} />
      <SettingsNav />
      <Stack gap="lg" maw={960}>
        <Text>{t('mandate.intro')}</Text>
        {mandate.isError ? (
          <ErrorBanner error={mandate.error} onRetry={() => void mandate.refetch()} />
        ) : !data ? (
          <RowsSkeleton />
        ) : (
          <>
            <Paper withBorder p="md" component="section" aria-labelledby="mandate-channel-title">
              <Stack gap="xs">
                <Title order={2} size="h4" id="mandate-channel-title">
                  {t('mandate.channel_title')}
                </Title>
                {data.channel === 'bank_dir' ? (
                  <Text data-testid="mandate-channel">{t('mandate.channel_bank_dir')}</Text>
                ) : (
                  <Text data-testid="mandate-channel">
                    {t('mandate.channel_upload')}{' '}
                    <Anchor component={Link} to={PATHS.invoicePayments}>
                      {t('bank.page')}
                    </Anchor>
                    .
                  </Text>
                )}
                <Text data-testid="mandate-last">
                  {data.last_statement_at ? t('mandate.last_statement', { at: formatFinnishDateTime(data.last_statement_at, t('log.klo')) }) : t('mandate.no_statements')}
                </Text>
                {data.stale ? (
                  <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="mandate-stale">
                    {t('mandate.stale')}
                  </Alert>
                ) : null}
              </Stack>
            </Paper>

            <Stack gap="sm" component="section" aria-labelledby="mandate-accounts-title">
              <Title order={2} size="h4" id="mandate-accounts-title">
                {t('mandate.accounts_title')}
              </Title>
              {data.accounts.length === 0 ? (
                <Text data-testid="mandate-empty">{t('mandate.empty')}</Text>
              ) : (
                <ScrollRegion label={t('mandate.accounts_title')} minWidth={720}>
                  <Table striped verticalSpacing="xs" aria-labelledby="mandate-accounts-title" data-testid="mandate-accounts">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('mandate.col_iban')}</Table.Th>
                        <Table.Th scope="col">{t('mandate.col_given_on')}</Table.Th>
                        <Table.Th scope="col">{t('mandate.col_given_by')}</Table.Th>
                        <Table.Th scope="col">{t('mandate.col_added_by')}</Table.Th>
                        <Table.Th scope="col">{t('mandate.col_actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.accounts.map((a) => (
                        <Table.Tr key={a.id} data-testid="mandate-row">
                          <Table.Th scope="row" style={nowrap}>
                            {normalizeIban(a.iban)}
                          </Table.Th>
                          <Table.Td style={nowrap}>{bankDay(a.given_on)}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.given_by}</Table.Td>
                          <Table.Td>
                            {a.author}
                            <Text size="xs">{formatFinnishDateTime(a.created_at, t('log.klo'))}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="default"
                              color="red"
                              leftSection={<IconTrash size={16} aria-hidden />}
                              aria-label={t('mandate.remove_one', { iban: normalizeIban(a.iban) })}
                              onClick={() => setTarget(a)}
                            >
                              {t('mandate.remove')}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollRegion>
              )}
            </Stack>

            <MandateAddForm />
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={target !== null}
        title={t('mandate.remove_title')}
        confirmLabel={t('mandate.remove_confirm')}
        onConfirm={confirm}
        onCancel={close}
        danger
        pending={remove.isPending}
        error={remove.error}
      >
        <Text>{t('mandate.remove_text', { iban: target ? normalizeIban(target.iban) : '' })}</Text>
      </ConfirmModal>
    </>
  );
}
