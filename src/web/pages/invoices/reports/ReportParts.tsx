import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../../shared/finnish/date';
import type { InvoiceReport, Period } from '../../../api/invoiceReports';
import { TabNav } from '../../../components/TabNav';
import { PATHS } from '../../../paths';
import { ScrollRegion } from '../../../components/ScrollRegion';

// What the three report pages share: the tabs between them and back to the invoices, the
// download buttons, the VAT breakdown table and the empty state.

export const periodText = (p: Period): string => `${formatFinnishDate(p.from)}–${formatFinnishDate(p.to)}`;
export const vatRateText = (percent: number): string => `${String(percent).replace('.', ',')} %`;
export const nowrap = { whiteSpace: 'nowrap' } as const;

export function ReportsNav() {
  const { t } = useTranslation();
  return (
    <>
      <Anchor component={Link} to={PATHS.invoices} mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} data-testid="back-to-invoices">
        <IconArrowLeft size={16} aria-hidden />
        {t('invoice_reports.back')}
      </Anchor>
      <TabNav
        label={t('invoice_reports.nav_label')}
        links={[
          { to: PATHS.invoiceReport, label: t('invoice_reports.nav_report') },
          { to: PATHS.invoiceSalesList, label: t('invoice_reports.nav_sales') },
          { to: PATHS.invoiceReceivable, label: t('invoice_reports.nav_receivables') },
        ]}
      />
    </>
  );
}

/** xlsx and PDF of the report as shown (plain links: the server sends the file). */
export function Downloads({ xlsx, pdf, label }: { xlsx: string; pdf?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" component="section" aria-label={label ?? t('invoice_reports.downloads')} wrap="wrap">
      <Button component="a" href={xlsx} download variant="default" leftSection={<IconDownload size={18} aria-hidden />} data-testid="download-xlsx">
        {label ?? t('invoice_reports.download_xlsx')}
      </Button>
      {pdf ? (
        <Button component="a" href={pdf} download variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} data-testid="download-pdf">
          {t('invoice_reports.download_pdf')}
        </Button>
      ) : null}
    </Group>
  );
}

export function Empty({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="xl" data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text>{children}</Text>
      </Stack>
    </Paper>
  );
}

/** Net, VAT and gross per rate, with their totals. */
export function VatTable({ rows, caption }: { rows: InvoiceReport['vat_breakdown']; caption: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const sum = (k: 'net_c' | 'vat_c' | 'gross_c') => rows.reduce((s, v) => s + v[k], 0);
  return (
    <ScrollRegion label={caption} minWidth={420}>
      <Table striped verticalSpacing="xs" captionSide="top" maw={640} data-testid="vat-table">
        <Table.Caption fw={600} ta="left" c="var(--mantine-color-text)">
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoice_reports.col_vat_rate')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('invoice_reports.col_net')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('invoice_reports.col_vat')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('invoice_reports.col_gross')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((v) => (
            <Table.Tr key={v.vat_percent}>
              <Table.Th scope="row" fw={400}>{vatRateText(v.vat_percent)}</Table.Th>
              <Table.Td ta="right" style={nowrap}>{formatAmount(v.net_c)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>{formatAmount(v.vat_c)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>{formatAmount(v.gross_c)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{t('invoice_reports.totals')}</Table.Th>
            <Table.Td ta="right" style={nowrap}>{formatAmount(sum('net_c'))}</Table.Td>
            <Table.Td ta="right" style={nowrap}>{formatAmount(sum('vat_c'))}</Table.Td>
            <Table.Td ta="right" style={nowrap}>{formatAmount(sum('gross_c'))}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}
