import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { RECEIPTS_PAGE_SIZE } from '../../../shared/schemas/payments';
import { type TransactionRow, transactionReportUrl, useMoneyLog } from '../../api/payments';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { receiptPath } from '../../paths';
import { LogMoneyNav, useCodeText } from './LogMoneyNav';
import { useMoneyTime } from './moneyFormat';

/** `/log/transactions`: every payment newest first, 20 a page, and the year's xlsx report. */
export function LogTransactionsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useMoneyLog(page - 1);
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
        <PagedTable
          testId="transactions"
          label={t('money.transactions_table')}
          query={list}
          rowCount={data ? data.transaction_results.length : null}
          minWidth={700}
          highlightOnHover={false}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={<Text>{t('money.transactions_empty')}</Text>}
          head={
            <>
              <Table.Th scope="col">{t('money.col_time')}</Table.Th>
              <Table.Th scope="col">{t('money.col_what')}</Table.Th>
              <Table.Th scope="col">{t('money.col_method')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('money.col_amount')}
              </Table.Th>
              <Table.Th scope="col">{t('money.col_receipt')}</Table.Th>
            </>
          }
        >
          {data?.transaction_results.map((row) => {
            const receipt = row.receipt_id ? { id: row.receipt_id, number: row.receipt_number ?? row.receipt_id } : receiptOf.get(row.id);
            return <TransactionTr key={row.id} row={row} receipt={receipt} />;
          })}
        </PagedTable>
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
