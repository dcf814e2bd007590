import { Alert, Anchor, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { normalizeIban } from '../../../shared/finnish/iban';
import { type BankUpload, useApplyStatement } from '../../api/bank';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PATHS } from '../../paths';
import { ScrollTable } from '../../components/ScrollTable';
import { bankDay, formatLabel, InstanceCell, nowrap, reasonLabel, ReferenceOrMessage } from './bankParts';

// The dry run of an uploaded statement: what it holds, accounts outside the bank mandate,
// and what applying would do — matched payments, suggestions (each booked only when its
// "Hyväksy" is checked) and payments left for the review list. "Kirjaa maksut" applies.

export function DryRunView({ upload, filename, onDone }: { upload: BankUpload; filename: string; onDone(): void }) {
  const { t } = useTranslation();
  const apply = useApplyStatement();
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  // The dry run appears below the form: its heading takes focus so it is read next.
  useEffect(() => heading.current?.focus(), []);
  const run = upload.dry_run;
  const toggle = (key: string, on: boolean) =>
    setAccepted((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = () =>
    apply.mutate(
      { id: upload.id, accept: [...accepted] },
      {
        onSuccess: (reply) => {
          notifySuccess(t('bank.applied', { count: reply.booked }));
          onDone();
        },
      },
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="bank-dry-run-title" data-testid="bank-dry-run">
      <Stack gap="md">
        <Title ref={heading} order={2} size="h3" id="bank-dry-run-title" tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
          {t('bank.dry_run_title', { filename })}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" component="dl" m={0} data-testid="bank-summary">
          <Fact label={t('bank.summary_format')} value={formatLabel(upload.format)} />
          <Fact label={t('bank.summary_payments')} value={String(upload.entries)} />
          <Fact label={t('bank.summary_total')} value={formatAmount(upload.total_c)} />
          <Fact label={t('bank.summary_duplicates')} value={String(run.duplicates)} testId="bank-duplicates" />
          <Fact label={t('bank.summary_ignored')} value={String(run.ignored)} />
        </SimpleGrid>

        {upload.accounts_outside_mandate.length > 0 ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="bank-outside-mandate">
            <Stack gap="xs">
              {/* Mantine's yellow alert title is too pale to read (contrast): a plain bold line instead. */}
              <Text size="sm" fw={700}>
                {t('bank.outside_mandate_title')}
              </Text>
              <Text size="sm">{t('bank.outside_mandate_text', { accounts: upload.accounts_outside_mandate.map(normalizeIban).join(', ') })}</Text>
              <Anchor component={Link} to={PATHS.mandate} size="sm">
                {t('bank.outside_mandate_link')}
              </Anchor>
            </Stack>
          </Alert>
        ) : null}

        <Section title={t('bank.matched_title', { count: run.matched.length })} empty={run.matched.length === 0 ? t('bank.matched_empty') : null}>
          <ScrollTable
            label={t('bank.matched_table')}
            minWidth={720}
            testId="bank-matched"
            head={
              <>
                <Table.Th scope="col">{t('bank.col_payer')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_reference')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('bank.col_amount')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_invoice')}</Table.Th>
              </>
            }
          >
            {run.matched.map((m) => (
              <Table.Tr key={m.payment.key} data-testid="bank-matched-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.payment.payer_name || '–'}</Table.Td>
                <Table.Td>
                  <ReferenceOrMessage payment={m.payment} />
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatAmount(m.payment.amount_c)}
                </Table.Td>
                <Table.Td>
                  <Stack gap="xs">
                    {m.instances.map((i) => (
                      <InstanceCell key={i.instance_id} instance={i} combined={m.kind === 'combined'} />
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        </Section>

        <Section title={t('bank.suggested_title', { count: run.suggested.length })} empty={run.suggested.length === 0 ? t('bank.suggested_empty') : null}>
          <Text size="sm">{t('bank.suggested_help')}</Text>
          <ScrollTable
            label={t('bank.suggested_table')}
            minWidth={820}
            testId="bank-suggested"
            head={
              <>
                <Table.Th scope="col">{t('bank.col_accept')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_payer')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_reference')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('bank.col_amount')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_suggestion')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_reason')}</Table.Th>
              </>
            }
          >
            {run.suggested.map((s) => (
              <Table.Tr key={s.payment.key} data-testid="bank-suggested-row">
                <Table.Td>
                  <Checkbox
                    label={t('bank.accept')}
                    aria-label={t('bank.accept_one', { payer: s.payment.payer_name || '–', amount: formatAmount(s.payment.amount_c) })}
                    checked={accepted.has(s.payment.key)}
                    onChange={(e) => toggle(s.payment.key, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.payment.payer_name || '–'}</Table.Td>
                <Table.Td>
                  <ReferenceOrMessage payment={s.payment} />
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatAmount(s.payment.amount_c)}
                </Table.Td>
                <Table.Td>
                  <InstanceCell instance={s.instance} />
                </Table.Td>
                <Table.Td>{reasonLabel(t, s.reason)}</Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        </Section>

        <Section title={t('bank.unmatched_title', { count: run.unmatched.length })} empty={run.unmatched.length === 0 ? t('bank.unmatched_empty') : null}>
          <Text size="sm">{t('bank.unmatched_help')}</Text>
          <ScrollTable
            label={t('bank.unmatched_table')}
            minWidth={620}
            testId="bank-unmatched"
            head={
              <>
                <Table.Th scope="col">{t('bank.col_payer')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_date')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_reference')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('bank.col_amount')}</Table.Th>
              </>
            }
          >
            {run.unmatched.map((p) => (
              <Table.Tr key={p.key} data-testid="bank-unmatched-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.payer_name || '–'}</Table.Td>
                <Table.Td style={nowrap}>{bankDay(p.booking_date)}</Table.Td>
                <Table.Td>
                  <ReferenceOrMessage payment={p} />
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatAmount(p.amount_c)}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        </Section>

        <ErrorBanner error={apply.error} />
        <Group gap="sm">
          <Button onClick={submit} loading={apply.isPending} leftSection={<IconCheck size={18} aria-hidden />} data-testid="bank-apply">
            {t('bank.apply')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={apply.isPending} data-testid="bank-cancel">
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} style={nowrap}>
        {value}
      </Text>
    </div>
  );
}

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h4">
        {title}
      </Title>
      {empty ? <Text size="sm">{empty}</Text> : children}
    </Stack>
  );
}
