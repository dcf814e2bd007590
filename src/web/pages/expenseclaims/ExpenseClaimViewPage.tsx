import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import type { expenseMarkPaidReply, ExpenseClaimSummary } from '../../../shared/schemas/expenseclaims';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { normalizeIban } from '../../../shared/finnish/iban';
import { VOLUNTEER_LIMITS } from '../../../shared/finnish/allowance';
import { useExpenseView, useMarkExpensesPaid } from '../../api/expenseclaimsAdmin';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NewTabLink } from '../../components/NewTabLink';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { ScrollTable } from '../../components/ScrollTable';
import { expenseClaimPath } from '../../paths';
import { BackToExpenseClaims } from './ExpenseClaimsArchivePage';
import { TreasurerPageFallback } from './ClaimAdminParts';
import { printoutHref, statusLabel, STATUS_COLOR, volunteerWarnings, type ClaimStatus } from './claimsAdmin';

const SECTIONS: readonly ClaimStatus[] = ['pending', 'accepted', 'rejected'];

function dates(c: ExpenseClaimSummary): string {
  if (!c.date_min) return '–';
  const a = formatFinnishDate(c.date_min);
  return c.date_max && c.date_max !== c.date_min ? `${a} – ${formatFinnishDate(c.date_max)}` : a;
}

function ClaimsTable({ status, claims }: { status: ClaimStatus; claims: ExpenseClaimSummary[] }) {
  const { t } = useTranslation();
  return (
    <ScrollTable
      minWidth={640}
      label={statusLabel(t, status)}
      testId={`eclaim-view-${status}`}
      head={
        <>
          <Table.Th scope="col">{t('eclaimadmin.col_claim')}</Table.Th>
          <Table.Th scope="col">{t('eclaimadmin.col_dates')}</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            {t('eclaimadmin.col_amount')}
          </Table.Th>
        </>
      }
    >
      {claims.map((c) => (
        <Table.Tr key={c.id} data-testid="eclaim-view-row">
          <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={expenseClaimPath(c.id)}>
              {c.description || t('eclaimadmin.claim_page', { id: c.id })}
            </Anchor>
          </Table.Th>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates(c)}</Table.Td>
          <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatAmount(c.amount_c)}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

/** `/expenseclaim/view/{person_id}/{account}`: one claimant-account's open claims by status, paying the accepted ones in one batch. */
export function ExpenseClaimViewPage() {
  const { t } = useTranslation();
  const params = useParams();
  const personId = /^\d+$/.test(params.personId ?? '') ? Number(params.personId) : null;
  const account = params.accountNumber ?? '';
  const query = useExpenseView(personId, account);
  const markPaid = useMarkExpensesPaid();
  const [asking, setAsking] = useState(false);
  const [paid, setPaid] = useState<z.infer<typeof expenseMarkPaidReply> | null>(null);
  const v = query.data;

  if (personId === null || account === '' || !v) return <TreasurerPageFallback valid={personId !== null && account !== ''} query={query} />;

  const accepted = v.claims.filter((c) => c.status === 'accepted');
  const acceptedSum = accepted.reduce((s, c) => s + c.amount_c, 0);
  const warnings = volunteerWarnings(t, v.volunteer_year);
  const confirm = () =>
    markPaid.mutate(
      { person_id: v.person_id, account_number: v.person_account_number },
      {
        onSuccess: (reply) => {
          setAsking(false);
          setPaid(reply);
          notifySuccess(t('eclaimadmin.mark_paid_done', { sum: formatAmount(reply.amount_c) }));
        },
      },
    );

  return (
    <>
      <PageHeader title={t('eclaimadmin.view_page', { name: v.person_name })}>
        <BackToExpenseClaims />
      </PageHeader>
      <Stack gap="lg">
        <Text fw={600}>{t('eclaimadmin.view_account', { account: normalizeIban(v.person_account_number) })}</Text>
        {warnings.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('eclaimadmin.volunteer_title')} data-testid="eclaim-volunteer-warning">
            <Stack gap={4}>
              {warnings.map((w) => (
                <Text key={w} size="sm">
                  {w}
                </Text>
              ))}
              <Text size="sm">{t('eclaimadmin.volunteer_source', { source: VOLUNTEER_LIMITS.source })}</Text>
            </Stack>
          </Alert>
        ) : null}
        {paid ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="eclaim-paid-done">
            <Stack gap="xs">
              <Text size="sm">{t('eclaimadmin.mark_paid_done', { sum: formatAmount(paid.amount_c) })}</Text>
              <NewTabLink href={printoutHref(v.person_id, v.person_account_number, 'paid', paid.batch)} newTabText={t('eclaimadmin.new_tab')} data-testid="eclaim-batch-printout">
                {t('eclaimadmin.batch_printout')}
              </NewTabLink>
            </Stack>
          </Alert>
        ) : null}
        {v.claims.length === 0 && !paid ? <Text>{t('eclaimadmin.view_none')}</Text> : null}
        {SECTIONS.map((s) => {
          const claims = v.claims.filter((c) => c.status === s);
          if (claims.length === 0) return null;
          return (
            <Stack key={s} gap="xs" component="section" aria-labelledby={`eclaim-section-${s}`}>
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h3" id={`eclaim-section-${s}`}>
                  <Group gap="xs" component="span">
                    <Badge color={STATUS_COLOR[s]} variant="dot" tt="none" size="lg" component="span">
                      {statusLabel(t, s)}
                    </Badge>
                  </Group>
                </Title>
                <Text fw={600} data-testid={`eclaim-total-${s}`}>
                  {t('eclaimadmin.total')} {formatAmount(v.totals_c[s] ?? claims.reduce((a, c) => a + c.amount_c, 0))}
                </Text>
              </Group>
              <ClaimsTable status={s} claims={claims} />
              {s === 'accepted' ? (
                <Group gap="md">
                  <Button leftSection={<IconCash size={18} aria-hidden />} onClick={() => setAsking(true)} data-testid="eclaim-mark-paid">
                    {t('eclaimadmin.mark_paid')}
                  </Button>
                  <NewTabLink href={printoutHref(v.person_id, v.person_account_number, 'accepted')} newTabText={t('eclaimadmin.new_tab')} data-testid="eclaim-accepted-printout">
                    {t('eclaimadmin.accepted_printout')}
                  </NewTabLink>
                </Group>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
      <ConfirmModal
        opened={asking}
        title={t('eclaimadmin.mark_paid_title')}
        confirmLabel={t('eclaimadmin.mark_paid')}
        onConfirm={confirm}
        onCancel={() => {
          setAsking(false);
          markPaid.reset();
        }}
        pending={markPaid.isPending}
        error={markPaid.error}
      >
        <Text data-testid="eclaim-mark-paid-text">
          {t('eclaimadmin.mark_paid_text', { count: accepted.length, sum: formatAmount(acceptedSum), account: normalizeIban(v.person_account_number) })}
        </Text>
      </ConfirmModal>
    </>
  );
}
