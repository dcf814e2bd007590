import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REPORT_LIST_PAGE_SIZE } from '../../../../shared/constants';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../../shared/finnish/date';
import { formatAnyReference } from '../../../../shared/invoices/sms-notice';
import { reportDownloads, useSalesList } from '../../../api/invoiceReports';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { PeriodForm } from './PeriodForm';
import { Downloads, nowrap, periodText, ReportsNav, VatTable } from './ReportParts';
import { usePeriodParams } from './reportParams';
import classes from './reports.module.css';

// `/invoices/sales_invoice_list?from&to`: every invoice and credit invoice dated in the period
// (today by default), 100 a page, with the totals and VAT of the whole period.

export function SalesListPage() {
  const { t } = useTranslation();
  const { period, setPeriod, page, setPage } = usePeriodParams('today');
  const list = useSalesList(period, page);
  const data = list.data;
  const shown = periodText(period);
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / REPORT_LIST_PAGE_SIZE));
  const vat = data ? data.vat_breakdown.reduce((s, v) => s + v.vat_c, 0) : 0;

  return (
    <div className={classes.page}>
      <PageHeader title={t('invoice_reports.nav_sales')} />
      <ReportsNav />
      <Stack gap="md">
        <Text maw={760}>{t('invoice_reports.sales_intro')}</Text>
        <PeriodForm key={`${period.from}|${period.to}`} period={period} onApply={setPeriod} />
        <Downloads xlsx={reportDownloads.sales(period, 'xlsx')} pdf={reportDownloads.sales(period, 'pdf')} />
        {data ? (
          <Text fw={600} aria-live="polite" data-testid="sales-total">
            {t('invoice_reports.rows', { count: data.count })} · {t('invoice_reports.sales_total', { amount: formatAmount(data.total_c), vat: formatAmount(vat) })}
          </Text>
        ) : null}
        <PagedTable
          testId="sales"
          label={t('invoice_reports.sales_table', { period: shown })}
          caption={t('invoice_reports.sales_table', { period: shown })}
          query={list}
          rowCount={data ? data.rows.length : null}
          minWidth={900}
          highlightOnHover={false}
          page={page + 1}
          pages={pages}
          onPage={setPage}
          empty={<Text>{t('invoice_reports.sales_empty')}</Text>}
          head={
            <>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_number')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_kind')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_date')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_due')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_recipient')}</Table.Th>
              <Table.Th scope="col">{t('invoice_reports.col_reference')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_net')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_vat')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoice_reports.col_amount')}</Table.Th>
            </>
          }
        >
          {data?.rows.map((r) => (
            <Table.Tr key={r.instance_id} data-testid="sales-row">
              <Table.Th scope="row" ta="right" fw={600}>{r.invoice_number}</Table.Th>
              <Table.Td>{r.kind === 'credit' ? t('invoice_reports.kind_credit') : t('invoice_reports.kind_invoice')}</Table.Td>
              <Table.Td style={nowrap}>{formatFinnishDate(r.date)}</Table.Td>
              <Table.Td style={nowrap}>{formatFinnishDate(r.date_due)}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td style={nowrap}>{formatAnyReference(r.reference)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>{formatAmount(r.vat_breakdown.reduce((s, v) => s + v.net_c, 0))}</Table.Td>
              <Table.Td ta="right" style={nowrap}>{formatAmount(r.vat_breakdown.reduce((s, v) => s + v.vat_c, 0))}</Table.Td>
              <Table.Td ta="right" style={nowrap}>{formatAmount(r.amount_c)}</Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
        {data && data.rows.length > 0 ? <VatTable rows={data.vat_breakdown} caption={t('invoice_reports.vat_table', { period: shown })} /> : null}
      </Stack>
    </div>
  );
}
