import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatAmount } from '../../../shared/finnish/amount';
import type { InvoicePreviewReply, vatBreakdownRow } from '../../../shared/schemas/invoices';
import { vatLabel } from './labels';
import classes from './invoices.module.css';

type VatRow = z.infer<typeof vatBreakdownRow>;

/** One invoice's total with the VAT breakdown per rate (net, VAT, gross). */
export function VatBreakdownTable({ rows, totalCents, showVat }: { rows: VatRow[]; totalCents: number; showVat: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} aria-label={t('invoices.vat_breakdown')} data-testid="vat-breakdown">
        {showVat ? (
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('invoices.vat_rate')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoices.vat_net')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoices.vat_amount')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('invoices.vat_gross')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
        ) : null}
        <Table.Tbody>
          {showVat
            ? rows.map((r) => (
                <Table.Tr key={r.vat_percent}>
                  <Table.Th scope="row" fw={400}>{vatLabel(r.vat_percent)}</Table.Th>
                  <Table.Td ta="right">{formatAmount(r.net_c)}</Table.Td>
                  <Table.Td ta="right">{formatAmount(r.vat_c)}</Table.Td>
                  <Table.Td ta="right">{formatAmount(r.gross_c)}</Table.Td>
                </Table.Tr>
              ))
            : null}
          <Table.Tr>
            <Table.Th scope="row">{t('invoices.total')}</Table.Th>
            {showVat ? <Table.Td colSpan={2} /> : null}
            <Table.Td ta="right" fw={700} data-testid="invoice-total">
              {formatAmount(totalCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What one recipient pays (with the VAT breakdown) and the SMS notice as it goes out. */
export function InvoiceTotals({ preview, vatObliged, smsNotify }: { preview: InvoicePreviewReply | undefined; vatObliged: boolean; smsNotify: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!preview) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="invoice-totals">
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('invoices.per_recipient')}
        </Title>
        <VatBreakdownTable rows={preview.vat_breakdown} totalCents={preview.amount_total_c} showVat={vatObliged} />
        {smsNotify && preview.sms_notice ? (
          <Stack gap={4} data-testid="sms-notice">
            <Group gap="xs">
              <Text fw={600} size="sm">
                {t('invoices.sms_notice_title')}
              </Text>
              <Badge variant="dot" tt="none">
                {t('invoices.sms_notice_parts', { count: preview.sms_notice.parts })}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('invoices.sms_notice_recipients', { count: preview.sms_notice.recipient_count })}
              </Text>
            </Group>
            <Text size="sm" component="pre" className={classes.smsNotice}>
              {preview.sms_notice.text}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
