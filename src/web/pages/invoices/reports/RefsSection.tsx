import { Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_LIST_PAGE_SIZE } from '../../../../shared/constants';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../../shared/finnish/date';
import { formatAnyReference } from '../../../../shared/invoices/sms-notice';
import { reportDownloads, useRefs, type Period } from '../../../api/invoiceReports';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Pager } from '../../../components/Pager';
import { RowsSkeleton } from '../../../components/RowsSkeleton';
import { Downloads, Empty, nowrap, periodText } from './ReportParts';
import { ScrollRegion } from '../../../components/ScrollRegion';

/** The period's reference numbers (for matching bank payments), 100 a page, and their xlsx (/invoice_report/refs). */
export function RefsSection({ period }: { period: Period }) {
  const { t } = useTranslation();
  const [paged, setPaged] = useState({ key: '', page: 0 });
  const key = `${period.from}|${period.to}`;
  // A new period starts from its first page.
  const page = paged.key === key ? paged.page : 0;
  const refs = useRefs(period, page);
  const data = refs.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / REPORT_LIST_PAGE_SIZE));
  return (
    <Stack gap="md">
      <Text maw={760}>{t('invoice_reports.refs_intro')}</Text>
      <Downloads xlsx={reportDownloads.refs(period)} label={t('invoice_reports.refs_download')} />
      {refs.isError ? (
        <ErrorBanner error={refs.error} onRetry={() => void refs.refetch()} />
      ) : !data ? (
        <RowsSkeleton />
      ) : data.rows.length === 0 ? (
        <Empty testId="refs-empty">{t('invoice_reports.refs_empty')}</Empty>
      ) : (
        <>
          <ScrollRegion label={t('invoice_reports.refs_table', { period: periodText(period) })} minWidth={640}>
            <Table striped verticalSpacing="xs" captionSide="top" data-testid="refs-table">
              <Table.Caption fw={600} ta="left" c="var(--mantine-color-text)">
                {t('invoice_reports.refs_table', { period: periodText(period) })} · {t('invoice_reports.rows', { count: data.count })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('invoice_reports.col_reference')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('invoice_reports.col_number')}</Table.Th>
                  <Table.Th scope="col">{t('invoice_reports.col_recipient')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('invoice_reports.col_amount')}</Table.Th>
                  <Table.Th scope="col">{t('invoice_reports.col_date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((r) => (
                  <Table.Tr key={r.invoice_number} data-testid="refs-row">
                    <Table.Th scope="row" fw={400} style={nowrap}>
                      {formatAnyReference(r.reference)}
                    </Table.Th>
                    <Table.Td ta="right">{r.invoice_number}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td ta="right" style={nowrap}>{formatAmount(r.amount_c)}</Table.Td>
                    <Table.Td style={nowrap}>{formatFinnishDate(r.date)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <Pager pages={pages} page={page + 1} onChange={(p) => setPaged({ key, page: p - 1 })} />
        </>
      )}
    </Stack>
  );
}
