import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_PAGE_SIZE } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import { type BankReviewRow, useAssignPayment, useBankUnmatched } from '../../api/bank';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { Pager } from '../../components/Pager';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { ScrollTable } from '../../components/ScrollTable';
import { AssignModal } from './AssignModal';
import { bankDay, InstanceCell, nowrap, reasonLabel, ReferenceOrMessage } from './bankParts';
import { DismissModal } from './DismissModal';

// "Odottavat maksut": payments of applied statements that were not booked, each with its
// suggestion (accepted with one click), "Kohdista…" to book it to an invoice found by search,
// and "Ohita…" with a comment. Each decision is logged by the server.

export function ReviewList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useBankUnmatched(page - 1);
  const accept = useAssignPayment();
  const [assigning, setAssigning] = useState<BankReviewRow | null>(null);
  const [dismissing, setDismissing] = useState<BankReviewRow | null>(null);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / BANK_PAGE_SIZE));

  const acceptSuggestion = (row: BankReviewRow) => {
    if (!row.suggestion || accept.isPending) return;
    const number = row.suggestion.instance.invoice_number;
    accept.mutate({ payment_id: row.payment_id, instance_id: row.suggestion.instance.instance_id }, { onSuccess: () => notifySuccess(t('bank.assigned', { number })) });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="bank-review-title">
      <Title order={2} size="h3" id="bank-review-title">
        {t('bank.review_title')}
      </Title>
      <Text size="sm">{t('bank.review_help')}</Text>
      <ErrorBanner error={accept.error} />
      {list.isError ? (
        <ErrorBanner error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <RowsSkeleton />
      ) : data.results.length === 0 ? (
        <Text data-testid="bank-review-empty">{t('bank.review_empty')}</Text>
      ) : (
        <>
          <Text fw={600} data-testid="bank-review-count">
            {t('bank.review_count', { count: data.count, total: formatAmount(data.total_c) })}
          </Text>
          <ScrollTable
            label={t('bank.review_table')}
            minWidth={1020}
            testId="bank-review"
            head={
              <>
                <Table.Th scope="col">{t('bank.col_payer')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_date')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('bank.col_amount')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_reference')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_suggestion')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_actions')}</Table.Th>
              </>
            }
          >
            {data.results.map((row) => {
              const who = { payer: row.payer_name || '–', amount: formatAmount(row.amount_c) };
              return (
                <Table.Tr key={row.payment_id} data-testid="bank-review-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.payer_name || '–'}</Table.Td>
                  <Table.Td style={nowrap}>{bankDay(row.booking_date)}</Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {formatAmount(row.amount_c)}
                  </Table.Td>
                  <Table.Td>
                    <ReferenceOrMessage payment={row} />
                  </Table.Td>
                  <Table.Td>
                    {row.suggestion ? (
                      <Stack gap={4}>
                        <InstanceCell instance={row.suggestion.instance} />
                        <Text size="sm">{reasonLabel(t, row.suggestion.reason)}</Text>
                      </Stack>
                    ) : (
                      <Text size="sm">{t('bank.no_suggestion')}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      {row.suggestion ? (
                        <Button
                          size="xs"
                          leftSection={<IconCheck size={16} aria-hidden />}
                          aria-label={t('bank.accept_suggestion_one', who)}
                          loading={accept.isPending && accept.variables.payment_id === row.payment_id}
                          onClick={() => acceptSuggestion(row)}
                        >
                          {t('bank.accept_suggestion')}
                        </Button>
                      ) : null}
                      <Button size="xs" variant="default" aria-label={t('bank.assign_one', who)} onClick={() => setAssigning(row)}>
                        {t('bank.assign')}
                      </Button>
                      <Button size="xs" variant="default" aria-label={t('bank.dismiss_one', who)} onClick={() => setDismissing(row)}>
                        {t('bank.dismiss')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ScrollTable>
          <Pager pages={pages} page={page} onChange={setPage} />
        </>
      )}
      <AssignModal payment={assigning} onClose={() => setAssigning(null)} />
      <DismissModal payment={dismissing} onClose={() => setDismissing(null)} />
    </Stack>
  );
}
