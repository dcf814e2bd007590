import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate, formatFinnishDateTime } from '../../../shared/finnish/date';
import { isRegistered } from '../../access';
import { useInvoices } from '../../api/invoices';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { type AppPath, invoicePath, PATHS } from '../../paths';
import { sendStatusLabel } from './labels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

const REPORTS: { path: AppPath; label: 'invoices.report_link' | 'invoices.sales_list_link' | 'invoices.receivables_link' }[] = [
  { path: PATHS.invoiceReport, label: 'invoices.report_link' },
  { path: PATHS.invoiceSalesList, label: 'invoices.sales_list_link' },
  { path: PATHS.invoiceReceivable, label: 'invoices.receivables_link' },
];

/** `/invoices`: every invoice newest first, 20 a page, with its counts and sums. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useInvoices(page - 1);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / LIST_PAGE_SIZE));
  const number = useFormatNumber();
  const reports = REPORTS.filter((r) => isRegistered(r.path));

  return (
    <>
      <PageHeader title={t('invoices.page')}>
        <Button component={Link} to={PATHS.invoicePayments} variant="default" leftSection={<IconBuildingBank size={18} aria-hidden />}>
          {t('bank.page')}
        </Button>
        <Button component={Link} to={PATHS.invoiceNew} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('invoices.new')}
        </Button>
      </PageHeader>
      <Stack gap="md">
        {reports.length > 0 ? (
          <Group gap="md" component="nav" aria-label={t('invoices.reports_nav')}>
            {reports.map((r) => (
              <Anchor key={r.path} component={Link} to={r.path}>
                {t(r.label)}
              </Anchor>
            ))}
          </Group>
        ) : null}
        {data ? (
          <Text fw={600} data-testid="invoices-count" aria-live="polite">
            {t('invoices.count', { count: data.count })}
          </Text>
        ) : null}
        <PagedTable
          testId="invoices"
          label={t('invoices.table')}
          query={list}
          rowCount={data ? data.results.length : null}
          minWidth={960}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={
            <Stack gap="sm" align="flex-start">
              <Text>{t('invoices.empty')}</Text>
              <Button component={Link} to={PATHS.invoiceNew} leftSection={<IconPlus size={18} aria-hidden />}>
                {t('invoices.new')}
              </Button>
            </Stack>
          }
          head={
            <>
              <Table.Th scope="col">{t('invoices.col_subject')}</Table.Th>
              <Table.Th scope="col">{t('invoices.col_sent')}</Table.Th>
              <Table.Th scope="col">{t('invoices.col_due')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoices.col_amount')}</Table.Th>
              <Table.Th scope="col">{t('invoices.col_counts')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoices.col_paid')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoices.col_pending')}</Table.Th>
              <Table.Th scope="col">{t('invoices.col_status')}</Table.Th>
            </>
          }
        >
          {data?.results.map((inv) => (
            <Table.Tr key={inv.id} data-testid="invoice-row">
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={invoicePath(inv.id)}>
                  {inv.subject.trim() || t('invoices.no_subject')}
                </Anchor>
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{inv.sent_at ? formatFinnishDateTime(inv.sent_at, t('log.klo')) : '–'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{inv.date_due ? formatFinnishDate(inv.date_due) : '–'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(inv.amount_c)}</Table.Td>
              <Table.Td>
                {t('invoices.counts', {
                  total: number(inv.count_total_c),
                  open: number(inv.count_open_c),
                  overdue: number(inv.count_overdue_c),
                  paid: number(inv.count_paid_c),
                })}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(inv.amount_paid_c)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(inv.amount_pending_c)}</Table.Td>
              <Table.Td>{sendStatusLabel(t, inv.status)}</Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </>
  );
}
