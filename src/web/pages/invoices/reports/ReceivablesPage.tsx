import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REPORT_LIST_PAGE_SIZE } from '../../../../shared/constants';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate, parseIsoDate } from '../../../../shared/finnish/date';
import { formatAnyReference } from '../../../../shared/invoices/sms-notice';
import { reportDownloads, useReceivables } from '../../../api/invoiceReports';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { DayForm } from './PeriodForm';
import { Downloads, nowrap, ReportsNav } from './ReportParts';
import { helsinkiToday } from './reportParams';
import classes from './reports.module.css';

// `/invoices/accounts_receivable?to`: what was open on a day (today by default), 100 a page,
// with the days overdue then and the total open.

export function ReceivablesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('to');
  const to = raw && parseIsoDate(raw) ? raw : helsinkiToday();
  const page = Math.max(0, Number(params.get('sivu') ?? '1') - 1) || 0;
  const list = useReceivables(to, page);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / REPORT_LIST_PAGE_SIZE));
  const shown = formatFinnishDate(to);
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

  return (
    <div className={classes.page}>
      <PageHeader title={t('invoice_reports.nav_receivables')} />
      <ReportsNav />
      <Stack gap="md">
        <Text maw={760}>{t('invoice_reports.receivables_intro')}</Text>
        <DayForm key={to} date={to} onApply={(day) => setParams(new URLSearchParams({ to: day }))} />
        <Downloads xlsx={reportDownloads.receivables(to, 'xlsx')} pdf={reportDownloads.receivables(to, 'pdf')} />
        {data ? (
          <Text fw={600} aria-live="polite" data-testid="receivables-total">
            {t('invoice_reports.rows', { count: data.count })} · {t('invoice_reports.receivables_total', { amount: formatAmount(data.total_open_c) })}
          </Text>
        ) : null}
        <PagedTable
          testId="receivables"
          label={t('invoice_reports.receivables_table', { date: shown })}
          caption={t('invoice_reports.receivables_table', { date: shown })}
          query={list}
          rowCount={data ? data.rows.length : null}
          minWidth={760}
          highlightOnHover={false}
          page={page + 1}
          pages={pages}
          onPage={setPage}
          empty={<Text>{t('invoice_reports.receivables_empty', { date: shown })}</Text>}
          head={
            <>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_number')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_recipient')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_reference')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_due')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_amount')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_open')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_days_overdue')}</Table.Th>
            </>
          }
        >
          {data?.rows.map((r) => (
            <Table.Tr key={r.instance_id} data-testid="receivables-row">
              <Table.Th scope="row" ta="right" fw={600}>{r.invoice_number}</Table.Th>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td style={nowrap}>{formatAnyReference(r.reference)}</Table.Td>
              <Table.Td style={nowrap}>{formatFinnishDate(r.date_due)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>{formatAmount(r.amount_c)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>{formatAmount(r.amount_open_c)}</Table.Td>
              <Table.Td ta="right">{r.days_overdue}</Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </div>
  );
}
