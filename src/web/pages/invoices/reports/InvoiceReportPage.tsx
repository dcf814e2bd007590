import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../../shared/finnish/date';
import { reportDownloads, useInvoiceReport } from '../../../api/invoiceReports';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageHeader } from '../../../components/PageHeader';
import { RowsSkeleton } from '../../../components/RowsSkeleton';
import { PATHS } from '../../../paths';
import { PeriodForm } from './PeriodForm';
import { RefsSection } from './RefsSection';
import { Downloads, Empty, nowrap, periodText, ReportsNav, VatTable } from './ReportParts';
import { usePeriodParams } from './reportParams';
import { ScrollRegion } from '../../../components/ScrollRegion';
import classes from './reports.module.css';

// `/invoices/report?from&to&invoice_id=1,2`: each invoice created in the period with the sums
// of its page (invoiced, paid, credited, cancelled, open), the totals and the VAT breakdown,
// downloadable as xlsx and PDF; below it the period's reference numbers.

const helsinkiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });

export function InvoiceReportPage() {
  const { t } = useTranslation();
  const { period, setPeriod, params } = usePeriodParams('year');
  const ids = (params.get('invoice_id') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const report = useInvoiceReport(period, ids);
  const data = report.data;
  const shown = periodText(period);

  return (
    <div className={classes.page}>
      <PageHeader title={t('invoice_reports.nav_report')} />
      <ReportsNav />
      <Stack gap="md">
        <Text maw={760}>{t('invoice_reports.report_intro')}</Text>
        <PeriodForm key={`${period.from}|${period.to}`} period={period} onApply={setPeriod} />
        {ids.length > 0 ? (
          <Text>
            {t('invoice_reports.only_invoices', { count: ids.length })}{' '}
            <Anchor component={Link} to={`${PATHS.invoiceReport}?from=${period.from}&to=${period.to}`}>
              {t('invoice_reports.show_all')}
            </Anchor>
          </Text>
        ) : null}
        <Downloads xlsx={reportDownloads.report(period, ids, 'xls')} pdf={reportDownloads.report(period, ids, 'pdf')} />
        {report.isError ? (
          <ErrorBanner error={report.error} onRetry={() => void report.refetch()} />
        ) : !data ? (
          <RowsSkeleton />
        ) : data.invoices.length === 0 ? (
          <Empty testId="report-empty">{t('invoice_reports.report_empty')}</Empty>
        ) : (
          <>
            <ScrollRegion label={t('invoice_reports.report_table', { period: shown })} minWidth={980}>
              <Table striped verticalSpacing="sm" captionSide="top" data-testid="report-table">
                <Table.Caption fw={600} ta="left" c="var(--mantine-color-text)">
                  {t('invoice_reports.report_table', { period: shown })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('invoice_reports.col_invoice')}</Table.Th>
                    <Table.Th scope="col">{t('invoice_reports.col_created')}</Table.Th>
                    <Table.Th scope="col">{t('invoice_reports.col_due')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('invoice_reports.col_count')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('invoice_reports.col_open_count')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('invoice_reports.col_total')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('invoice_reports.col_paid')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('invoice_reports.col_credited')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('invoice_reports.col_cancelled')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('invoice_reports.col_pending')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.invoices.map((i) => (
                    <Table.Tr key={i.id} data-testid="report-row">
                      <Table.Th scope="row" fw={600}>
                        <Anchor component={Link} to={PATHS.invoice.replace(':id', String(i.id))}>
                          {i.subject || `#${String(i.id)}`}
                        </Anchor>
                      </Table.Th>
                      <Table.Td style={nowrap}>{formatFinnishDate(helsinkiDay.format(new Date(i.created_at)))}</Table.Td>
                      <Table.Td style={nowrap}>{formatFinnishDate(i.date_due)}</Table.Td>
                      <Table.Td ta="right">{i.count_total_c}</Table.Td>
                      <Table.Td ta="right">{i.count_open_c}</Table.Td>
                      <Table.Td ta="right" style={nowrap}>{formatAmount(i.amount_total_c)}</Table.Td>
                      <Table.Td ta="right" style={nowrap}>{formatAmount(i.amount_paid_c)}</Table.Td>
                      <Table.Td ta="right" style={nowrap}>{formatAmount(i.amount_credited_c)}</Table.Td>
                      <Table.Td ta="right" style={nowrap}>{formatAmount(i.amount_cancelled_c)}</Table.Td>
                      <Table.Td ta="right" style={nowrap}>{formatAmount(i.amount_pending_c)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700} data-testid="report-totals">
                    <Table.Th scope="row" colSpan={3}>
                      {t('invoice_reports.totals')}
                    </Table.Th>
                    <Table.Td ta="right">{data.totals.count_total_c}</Table.Td>
                    <Table.Td ta="right">{data.totals.count_open_c}</Table.Td>
                    <Table.Td ta="right" style={nowrap}>{formatAmount(data.totals.amount_total_c)}</Table.Td>
                    <Table.Td ta="right" style={nowrap}>{formatAmount(data.totals.amount_paid_c)}</Table.Td>
                    <Table.Td ta="right" style={nowrap}>{formatAmount(data.totals.amount_credited_c)}</Table.Td>
                    <Table.Td ta="right" style={nowrap}>{formatAmount(data.totals.amount_cancelled_c)}</Table.Td>
                    <Table.Td ta="right" style={nowrap}>{formatAmount(data.totals.amount_pending_c)}</Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollRegion>
            <VatTable rows={data.vat_breakdown} caption={t('invoice_reports.vat_table', { period: shown })} />
          </>
        )}
        <Title order={2} size="h3" mt="lg">
          {t('invoice_reports.refs_title')}
        </Title>
        <RefsSection period={period} />
      </Stack>
    </div>
  );
}
