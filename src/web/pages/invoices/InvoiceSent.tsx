import { Anchor, Badge, Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBell, IconCheck, IconFileTypePdf, IconUserPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INVOICE_INSTANCES_PAGE_SIZE } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/invoices/status';
import { formatAnyReference } from '../../../shared/invoices/sms-notice';
import type { InvoiceReply } from '../../../shared/schemas/invoices';
import { useBulkMark } from '../../api/invoices';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { Pager } from '../../components/Pager';
import { invoiceAddRecipientsPath, invoiceAllPdfPath, invoicePersonPath, invoiceReminderPath } from '../../paths';
import { DELIVERY_COLORS, deliveryStatusLabel, statusCounts } from '../announcements/labels';
import { AddBlockers } from './InvoiceNewPage';
import { VatBreakdownTable } from './InvoiceTotals';
import { useBulkUndoNotification } from './bulkUndo';
import { invoiceMediaLabel, STATUS_COLORS, statusLabel } from './labels';
import classes from './invoices.module.css';
import { Fact } from './Fact';
import { useFormatNumber } from '../../i18n/useFormatNumber';

interface InvoiceSentProps {
  invoice: InvoiceReply;
  page: number;
  onPage: (page: number) => void;
  status: InvoiceStatus | null;
  onStatus: (status: InvoiceStatus | null) => void;
  error: unknown;
}

/** A sent invoice: its sums, how the deliveries are doing, and the instances 20 a page. */
export function InvoiceSent({ invoice: inv, page, onPage, status, onStatus, error }: InvoiceSentProps) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const pages = Math.max(1, Math.ceil(inv.instances_count / INVOICE_INSTANCES_PAGE_SIZE));
  const [bulk, setBulk] = useState<'mark_paid' | 'mark_cancelled' | null>(null);
  const bulkMark = useBulkMark();
  const showUndo = useBulkUndoNotification();
  const sumsId = useId();
  const instancesId = useId();
  const deliveries = statusCounts(inv.msg_statuses);

  const runBulk = async () => {
    if (!bulk) return;
    try {
      const reply = await bulkMark.mutateAsync({ id: inv.id, action_type: bulk });
      setBulk(null);
      const message = bulk === 'mark_paid' ? t('invoices.bulk_paid_done', { count: reply.count }) : t('invoices.bulk_cancelled_done', { count: reply.count });
      if (reply.batch_id) showUndo(message, reply.batch_id);
      else notifySuccess(message);
    } catch {
      // The modal shows the error.
    }
  };

  return (
    <Stack gap="lg">
      <ErrorBanner error={error} />
      <Group gap="sm">
        {inv.can_add_recipients ? (
          <Button component={Link} to={invoiceAddRecipientsPath(inv.id)} variant="light" leftSection={<IconUserPlus size={18} aria-hidden />}>
            {t('invoices.add_recipients')}
          </Button>
        ) : null}
        <Button component={Link} to={invoiceReminderPath(inv.id)} variant="light" leftSection={<IconBell size={18} aria-hidden />} data-testid="reminder-link">
          {t('invoices.send_reminder')}
        </Button>
        {inv.msg_media === 'pdf' ? (
          <Button component="a" href={invoiceAllPdfPath(inv.id)} variant="light" leftSection={<IconFileTypePdf size={18} aria-hidden />}>
            {t('invoices.download_all_pdf')}
          </Button>
        ) : null}
        <Button variant="default" leftSection={<IconCheck size={18} aria-hidden />} disabled={inv.count_open_c === 0} onClick={() => setBulk('mark_paid')} data-testid="bulk-paid">
          {t('invoices.bulk_paid')}
        </Button>
        <Button variant="default" leftSection={<IconX size={18} aria-hidden />} disabled={inv.count_open_c === 0} onClick={() => setBulk('mark_cancelled')} data-testid="bulk-cancelled">
          {t('invoices.bulk_cancelled')}
        </Button>
      </Group>
      {!inv.can_add_recipients && inv.add_recipients_blockers.length > 0 ? <AddBlockers blockers={inv.add_recipients_blockers} /> : null}

      <Paper withBorder p="md" component="section" aria-labelledby={sumsId}>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3" id={sumsId}>
            {t('invoices.sums_title')}
          </Title>
          {inv.polling ? (
            <Group gap="xs" role="status" data-testid="polling">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('invoices.polling')}
              </Text>
            </Group>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="invoice-aggregates">
          <Fact label={t('invoices.count_total')} value={number(inv.count_total_c)} />
          <Fact label={t('invoices.count_open')} value={number(inv.count_open_c)} />
          <Fact label={t('invoices.count_overdue')} value={number(inv.count_overdue_c)} />
          <Fact label={t('invoices.count_paid')} value={number(inv.count_paid_c)} />
          <Fact label={t('invoices.amount_total')} value={formatAmount(inv.amount_total_c)} />
          <Fact label={t('invoices.amount_paid')} value={formatAmount(inv.amount_paid_c)} testId="amount-paid" />
          <Fact label={t('invoices.amount_pending')} value={formatAmount(inv.amount_pending_c)} testId="amount-pending" />
          <Fact label={t('invoices.amount_credited')} value={formatAmount(inv.amount_credited_c)} />
          <Fact label={t('invoices.amount_cancelled')} value={formatAmount(inv.amount_cancelled_c)} />
          <Fact label={t('invoices.media')} value={invoiceMediaLabel(t, inv.msg_media)} />
          <Fact label={t('invoices.date_due')} value={formatFinnishDate(inv.date_due)} />
          <Fact label={t('invoices.amount_each')} value={formatAmount(inv.amount_c)} />
        </SimpleGrid>
        {deliveries.length > 0 ? (
          <Group gap={4} mt="md" aria-label={t('invoices.deliveries')} data-testid="delivery-counts">
            <Text size="sm" fw={600} mr="xs">
              {t('invoices.deliveries')}
            </Text>
            {deliveries.map(({ status: s, count }) => (
              <Badge key={s} variant="dot" color={DELIVERY_COLORS[s]} tt="none">
                {`${deliveryStatusLabel(t, s)} ${number(count)}`}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Stack gap={4} mt="md">
          <Text size="sm" fw={600}>
            {t('invoices.rows_title')}
          </Text>
          <Table verticalSpacing={2} aria-label={t('invoices.rows_title')}>
            <Table.Tbody>
              {inv.invoice_rows_.map((r, i) => (
                <Table.Tr key={i}>
                  <Table.Th scope="row" fw={400} className={classes.wrapAnywhere}>
                    {r.title}
                  </Table.Th>
                  <Table.Td ta="right">{formatAmount(r.amount_c)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <VatBreakdownTable rows={inv.vat_breakdown} totalCents={inv.amount_c} showVat={inv.vat_obliged_checked} />
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby={instancesId}>
        <Group justify="space-between" mb="sm" align="flex-end">
          <Title order={2} size="h3" id={instancesId}>
            {t('invoices.instances_title', { count: inv.instances_count })}
          </Title>
          <NativeSelect
            label={t('invoices.status_filter')}
            value={status ?? ''}
            onChange={(e) => onStatus(e.currentTarget.value === '' ? null : (e.currentTarget.value as InvoiceStatus))}
            data={[{ value: '', label: t('invoices.status_all') }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))]}
            data-testid="status-filter"
          />
        </Group>
        {inv.instances.length === 0 ? (
          <Text c="dimmed">{t('invoices.instances_none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs" aria-label={t('invoices.instances_table')} data-testid="instances-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('invoices.col_recipient')}</Table.Th>
                  <Table.Th scope="col">{t('invoices.col_number')}</Table.Th>
                  <Table.Th scope="col">{t('invoices.col_reference')}</Table.Th>
                  <Table.Th scope="col">{t('invoices.col_due')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('invoices.col_amount')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('invoices.col_open')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('invoices.col_paid')}</Table.Th>
                  <Table.Th scope="col">{t('invoices.col_status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.instances.map((i) => (
                  <Table.Tr key={i.id} data-testid="instance-row">
                    <Table.Th scope="row" fw={600} className={classes.wrapAnywhere}>
                      {i.person_id !== null ? (
                        <Anchor component={Link} to={invoicePersonPath(inv.id, i.person_id)} state={{ page: page - 1 }}>
                          {i.name}
                        </Anchor>
                      ) : (
                        i.name
                      )}
                    </Table.Th>
                    <Table.Td>{i.invoice_number}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAnyReference(i.reference)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinnishDate(i.date_due)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(i.amount_c)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(i.amount_open_c)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(i.amount_paid_c)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {i.status_c === 'queued' ? <Loader size={12} aria-hidden /> : null}
                        <Badge variant="dot" color={STATUS_COLORS[i.status_c]} tt="none" data-testid="instance-status">
                          {statusLabel(t, i.status_c)}
                        </Badge>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager pages={pages} page={page} onChange={onPage} />
      </Paper>

      <ConfirmModal
        opened={bulk !== null}
        title={bulk === 'mark_paid' ? t('invoices.bulk_paid') : t('invoices.bulk_cancelled')}
        confirmLabel={bulk === 'mark_paid' ? t('invoices.bulk_paid_confirm') : t('invoices.bulk_cancelled_confirm')}
        danger={bulk === 'mark_cancelled'}
        onCancel={() => {
          bulkMark.reset();
          setBulk(null);
        }}
        onConfirm={() => void runBulk()}
        pending={bulkMark.isPending}
        error={bulkMark.error}
      >
        <Text>{bulk === 'mark_paid' ? t('invoices.bulk_paid_text', { count: inv.count_open_c }) : t('invoices.bulk_cancelled_text', { count: inv.count_open_c })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
