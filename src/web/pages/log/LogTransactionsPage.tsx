import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { RECEIPTS_PAGE_SIZE } from '../../../shared/schemas/payments';
import { type TransactionRow, transactionReportUrl, useMoneyLog } from '../../api/payments';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { receiptPath } from '../../paths';
import { LogMoneyNav, useCodeText } from './LogMoneyNav';
import { useMoneyTime } from './moneyFormat';

/** Reads the 1-based page of the address ("?sivu=2"). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('sivu') ?? '1') - 1) || 0;
  const setPage = (value: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 1) next.delete('sivu');
        else next.set('sivu', String(value));
        return next;
      },
      { preventScrollReset: true },
    );
  return [page, setPage];
}

/** `/log/transactions`: every payment newest first, 20 a page, and the year's xlsx report. */
export function LogTransactionsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useMoneyLog(page);
  const data = list.data;
  const years = data?.transaction_years ?? [];
  const [year, setYear] = useState<string>('');
  const chosenYear = year !== '' ? year : years[0] !== undefined ? String(years[0]) : '';
  const pages = Math.max(1, Math.ceil((data?.transaction_count ?? 0) / RECEIPTS_PAGE_SIZE));
  // Receipts name the payment they are for; the same page of receipts covers (nearly) the same payments.
  const receiptOf = new Map((data?.receipt_results ?? []).map((r) => [r.payment_id, r]));

  return (
    <>
      <PageHeader title={t('money.transactions_page')} />
      <LogMoneyNav />
      <Stack gap="md">
        {years.length > 0 ? (
          <Paper withBorder p="md" component="section" aria-label={t('money.report_title')}>
            <Group align="flex-end" gap="md">
              <NativeSelect label={t('money.report_year')} value={chosenYear} onChange={(e) => setYear(e.currentTarget.value)} data={years.map((y) => String(y))} w={160} data-testid="report-year" />
              <Button component="a" href={transactionReportUrl(Number(chosenYear))} download variant="default" leftSection={<IconDownload size={18} aria-hidden />} data-testid="report-download">
                {t('money.report_download', { year: chosenYear })}
              </Button>
            </Group>
          </Paper>
        ) : null}
        {data ? (
          <Text fw={600} data-testid="transactions-count" aria-live="polite">
            {t('money.transactions_count', { count: data.transaction_count })}
          </Text>
        ) : null}
        {list.isError ? (
          <ErrorBanner error={list.error} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <RowsSkeleton />
        ) : data.transaction_results.length === 0 ? (
          <Paper withBorder p="xl" data-testid="transactions-empty">
            <Text>{t('money.transactions_empty')}</Text>
          </Paper>
        ) : (
          <>
            <Table.ScrollContainer minWidth={700}>
              <Table striped verticalSpacing="sm" aria-label={t('money.transactions_table')} data-testid="transactions-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('money.col_time')}</Table.Th>
                    <Table.Th scope="col">{t('money.col_what')}</Table.Th>
                    <Table.Th scope="col">{t('money.col_method')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('money.col_amount')}
                    </Table.Th>
                    <Table.Th scope="col">{t('money.col_receipt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.transaction_results.map((row) => {
                    const receipt = row.receipt_id ? { id: row.receipt_id, number: row.receipt_number ?? row.receipt_id } : receiptOf.get(row.id);
                    return <TransactionTr key={row.id} row={row} receipt={receipt} />;
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager pages={pages} page={page + 1} onChange={setPage} />
          </>
        )}
      </Stack>
    </>
  );
}

function TransactionTr({ row, receipt }: { row: TransactionRow; receipt: { id: number; number: number } | undefined }) {
  const { t } = useTranslation();
  const time = useMoneyTime();
  const code = useCodeText();
  return (
    <Table.Tr data-testid="transaction-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(row.at)}</Table.Td>
      <Table.Th scope="row" fw={600}>
        {code('money.context', row.context)}
      </Table.Th>
      <Table.Td>{code('money.method', row.method)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(row.amount)}
      </Table.Td>
      <Table.Td>
        {receipt ? (
          <Anchor component={Link} to={receiptPath(receipt.id)}>
            {t('money.receipt_number', { number: receipt.number })}
          </Anchor>
        ) : (
          '–'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
