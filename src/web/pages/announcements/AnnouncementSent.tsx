import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import type { AnnouncementReply } from '../../../shared/schemas/messages';
import { inFlight, useCancelAnnouncement } from '../../api/announcements';
import { MessageCancelControls, type UnpaidTexts } from './MessageCancelControls';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Pager } from '../../components/Pager';
import { announcementPath } from '../../paths';
import { ScrollTable } from '../../components/ScrollTable';
import { DELIVERY_COLORS, deliveryStatusLabel, mediaLabel, messageStatusLabel, statusCounts } from './labels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

interface AnnouncementSentProps {
  announcement: AnnouncementReply;
  /** 1-based page of the recipients. */
  page: number;
  onPage: (page: number) => void;
  error: unknown;
}

/** A sent (or paying, or cancelled) announcement: counts per delivery status and every recipient's status. */
const TEXTS: UnpaidTexts = { payingTitle: 'announcements.paying_title', payingText: 'announcements.paying_text', cancelUnpaid: 'announcements.cancel_unpaid', cancelUnpaidTitle: 'announcements.cancel_unpaid_title', cancelUnpaidText: 'announcements.cancel_unpaid_text', cancelledUnpaidNotice: 'announcements.cancelled_unpaid_notice' };

export function AnnouncementSent({ announcement: a, page, onPage, error }: AnnouncementSentProps) {
  const { t } = useTranslation();
  const cancel = useCancelAnnouncement();
  const queued = a.msg_statuses.queued ?? 0;
  const number = useFormatNumber();
  const pages = Math.max(1, Math.ceil(a.msgs_count / LIST_PAGE_SIZE));
  const klo = t('log.klo');


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
              <Text span fw={600}>{t('announcements.col_recipients')}:</Text> {number(a.recipient_count)}
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
                {`${deliveryStatusLabel(t, status)}: ${number(count)}`}
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

      <MessageCancelControls
        status={a.status}
        mooneyId={a.mooney_id}
        goto={announcementPath(a.id)}
        queued={queued}
        cancel={() => cancel.mutateAsync(a.id)}
        cancelError={cancel.error}
        texts={TEXTS}
      />

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
    </Stack>
  );
}
