import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import type { AnnouncementReply } from '../../../shared/schemas/messages';
import { inFlight, useCancelAnnouncement } from '../../api/announcements';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { Pager } from '../../components/Pager';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { announcementPath, paymentMethodPath } from '../../paths';
import { ScrollTable } from '../../components/ScrollTable';
import { DELIVERY_COLORS, deliveryStatusLabel, mediaLabel, messageStatusLabel, statusCounts } from './labels';

interface AnnouncementSentProps {
  announcement: AnnouncementReply;
  /** 1-based page of the recipients. */
  page: number;
  onPage: (page: number) => void;
  error: unknown;
}

/** A sent (or paying, or cancelled) announcement: counts per delivery status and every recipient's status. */
export function AnnouncementSent({ announcement: a, page, onPage, error }: AnnouncementSentProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  // Waiting for payment, the whole announcement is cancelled; once sent, only what is still queued.
  const unpaid = a.status === 'paying';
  const cancel = useCancelAnnouncement();
  const queued = a.msg_statuses.queued ?? 0;
  const number = new Intl.NumberFormat('fi-FI');
  const pages = Math.max(1, Math.ceil(a.msgs_count / LIST_PAGE_SIZE));
  const klo = t('log.klo');

  const runCancel = useGuardedSubmit(async () => {
    try {
      await cancel.mutateAsync(a.id);
      setAsking(false);
      notifySuccess(unpaid ? t('announcements.cancelled_unpaid_notice') : t('announcements.cancelled_notice'));
    } catch {
      // Shown in the modal.
    }
  });

  return (
    <Stack gap="lg">
      <ErrorBanner error={error} />
      <Paper withBorder p="md" component="section" aria-label={t('announcements.summary')}>
        <Stack gap="xs">
          <Group gap="lg">
            <Text>
              <Text span fw={600}>{t('announcements.col_media')}:</Text> {mediaLabel(t, a.msg_media)}
            </Text>
            <Text>
              <Text span fw={600}>{t('announcements.col_status')}:</Text> <span data-testid="announcement-status">{messageStatusLabel(t, a.status)}</span>
            </Text>
            <Text>
              <Text span fw={600}>{t('announcements.col_recipients')}:</Text> {number.format(a.recipient_count)}
            </Text>
            {a.sent_at ? (
              <Text>
                <Text span fw={600}>{t('announcements.sent_at')}:</Text> {formatFinnishDateTime(a.sent_at, klo)}
              </Text>
            ) : null}
          </Group>
          <Group gap={6} aria-live="polite" data-testid="status-counts">
            {statusCounts(a.msg_statuses).map(({ status, count }) => (
              <Badge key={status} size="lg" variant="dot" color={DELIVERY_COLORS[status]} tt="none" data-testid={`count-${status}`}>
                {`${deliveryStatusLabel(t, status)}: ${number.format(count)}`}
              </Badge>
            ))}
          </Group>
          {a.status === 'sent' && inFlight(a) ? (
            <Text size="sm" c="dimmed">
              {t('announcements.polling')}
            </Text>
          ) : null}
        </Stack>
      </Paper>

      {a.status === 'paying' && a.mooney_id ? (
        <Alert color="blue" variant="light" icon={<IconCreditCard aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>{t('announcements.paying_title')}</Text>
            <Text>{t('announcements.paying_text')}</Text>
            <Group gap="sm">
              <Button component={Link} to={paymentMethodPath(a.mooney_id, announcementPath(a.id))}>
                {t('announcements.pay')}
              </Button>
              <Button variant="default" onClick={() => setAsking(true)} data-testid="cancel-unpaid">
                {t('announcements.cancel_unpaid')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      {queued > 0 ? (
        <Group>
          <Button variant="default" color="red" leftSection={<IconPlayerStop size={18} aria-hidden />} onClick={() => setAsking(true)} data-testid="cancel-queued">
            {t('announcements.cancel_queued')}
          </Button>
        </Group>
      ) : null}

      <section aria-labelledby="announcement-recipients">
        <Title order={2} size="h3" id="announcement-recipients" mb="sm">
          {t('announcements.deliveries_title', { count: a.msgs_count })}
        </Title>
        {a.msgs.length === 0 ? (
          <Text c="dimmed">{t('announcements.deliveries_empty')}</Text>
        ) : (
          <>
            <ScrollTable
              label={t('announcements.deliveries_table')}
              minWidth={560}
              testId="deliveries-table"
              head={
                <>
                  <Table.Th scope="col">{t('announcements.col_name')}</Table.Th>
                  <Table.Th scope="col">{t('announcements.col_address')}</Table.Th>
                  <Table.Th scope="col">{t('announcements.col_status')}</Table.Th>
                  <Table.Th scope="col">{t('announcements.col_time')}</Table.Th>
                </>
              }
            >
              {a.msgs.map((m) => (
                <Table.Tr key={m.id} data-testid="delivery-row">
                  <Table.Th scope="row" fw={600}>
                    {m.name}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{m.recipient_address}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={DELIVERY_COLORS[m.status]} tt="none">
                      {deliveryStatusLabel(t, m.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinnishDateTime(m.status_at, klo)}</Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
            <Pager pages={pages} page={page} onChange={onPage} />
          </>
        )}
      </section>

      <ConfirmModal
        opened={asking}
        title={unpaid ? t('announcements.cancel_unpaid_title') : t('announcements.cancel_title')}
        confirmLabel={unpaid ? t('announcements.cancel_unpaid') : t('announcements.cancel_confirm')}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => void runCancel.run()}
        pending={runCancel.pending}
        error={cancel.error}
      >
        <Text>{unpaid ? t('announcements.cancel_unpaid_text') : t('announcements.cancel_text', { count: queued })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
