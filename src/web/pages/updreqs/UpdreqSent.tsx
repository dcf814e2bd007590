import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UPDREQS_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { UPDREQ_INSTANCE_STATUSES, type UpdreqReply } from '../../../shared/schemas/updreqs';
import { updreqInFlight, useCancelUpdreq } from '../../api/updreqsAdmin';
import { MessageCancelControls, type UnpaidTexts } from '../announcements/MessageCancelControls';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Pager } from '../../components/Pager';
import { ScrollTable } from '../../components/ScrollTable';
import { updateRequestPath } from '../../paths';
import { mediaLabel, messageStatusLabel } from '../announcements/labels';
import { formatRate, INSTANCE_COLORS, instanceStatusLabel } from './updreqLabels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

interface UpdreqSentProps {
  updreq: UpdreqReply;
  /** 1-based page of the instances. */
  page: number;
  onPage: (page: number) => void;
  error: unknown;
}

/** A sent (or paying, or cancelled) update request: counts per instance status, the response rate and every recipient's status. */
const TEXTS: UnpaidTexts = { payingTitle: 'updreqs.paying_title', payingText: 'updreqs.paying_text', cancelUnpaid: 'updreqs.cancel_unpaid', cancelUnpaidTitle: 'updreqs.cancel_unpaid_title', cancelUnpaidText: 'updreqs.cancel_unpaid_text', cancelledUnpaidNotice: 'updreqs.cancelled_unpaid_notice' };

export function UpdreqSent({ updreq: u, page, onPage, error }: UpdreqSentProps) {
  const { t } = useTranslation();
  const cancel = useCancelUpdreq();
  const queued = u.updreq_statuses.queued ?? 0;
  const number = useFormatNumber();
  const pages = Math.max(1, Math.ceil(u.instances_count / UPDREQS_PAGE_SIZE));
  const klo = t('log.klo');


  return (
    <Stack gap="lg">
      <ErrorBanner error={error} />
      <Paper withBorder p="md" component="section" aria-label={t('announcements.summary')}>
        <Stack gap="sm">
          <Group gap="lg">
            <Text>
              <Text span fw={600}>{t('announcements.col_media')}:</Text> {mediaLabel(t, u.msg_media)}
            </Text>
            <Text>
              <Text span fw={600}>{t('announcements.col_status')}:</Text> <span data-testid="updreq-status">{messageStatusLabel(t, u.status)}</span>
            </Text>
            <Text>
              <Text span fw={600}>{t('announcements.col_recipients')}:</Text> {number(u.recipient_count)}
            </Text>
            {u.sent_at ? (
              <Text>
                <Text span fw={600}>{t('announcements.sent_at')}:</Text> {formatFinnishDateTime(u.sent_at, klo)}
              </Text>
            ) : null}
            <Text>
              <Text span fw={600}>{t('updreqs.col_rate')}:</Text> <span data-testid="response-rate">{formatRate(u.response_rate)}</span>
            </Text>
          </Group>
          {/* Every status with its count, zeros too: the secretary sees at a glance who has not answered. */}
          <dl className="updreq-counts" aria-live="polite" data-testid="instance-counts" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem', margin: 0 }}>
            {UPDREQ_INSTANCE_STATUSES.map((status) => (
              <div key={status} data-testid={`count-${status}`}>
                <Text component="dt" size="sm" span>
                  {instanceStatusLabel(t, status)}:
                </Text>{' '}
                <Text component="dd" fw={700} span style={{ margin: 0 }}>
                  {number(u.updreq_statuses[status] ?? 0)}
                </Text>
              </div>
            ))}
          </dl>
          {u.status === 'sent' && updreqInFlight(u) ? (
            <Text size="sm" c="dimmed">
              {t('announcements.polling')}
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <MessageCancelControls
        status={u.status}
        mooneyId={u.mooney_id}
        goto={updateRequestPath(u.id)}
        queued={queued}
        cancel={() => cancel.mutateAsync(u.id)}
        cancelError={cancel.error}
        texts={TEXTS}
      />

      <section aria-labelledby="updreq-instances">
        <Title order={2} size="h3" id="updreq-instances" mb="sm">
          {t('updreqs.instances_title', { count: u.instances_count })}
        </Title>
        {u.instances.length === 0 ? (
          <Text c="dimmed">{t('updreqs.instances_empty')}</Text>
        ) : (
          <>
            <ScrollTable
              label={t('updreqs.instances_table')}
              minWidth={560}
              testId="instances-table"
              head={
                <>
                  <Table.Th scope="col">{t('announcements.col_name')}</Table.Th>
                  <Table.Th scope="col">{t('announcements.col_address')}</Table.Th>
                  <Table.Th scope="col">{t('announcements.col_status')}</Table.Th>
                  <Table.Th scope="col">{t('announcements.col_time')}</Table.Th>
                </>
              }
            >
              {u.instances.map((i) => (
                <Table.Tr key={i.id} data-testid="instance-row">
                  <Table.Th scope="row" fw={600}>
                    {i.name}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{i.recipient_address}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={INSTANCE_COLORS[i.status]} tt="none" data-testid="instance-status">
                      {instanceStatusLabel(t, i.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinnishDateTime(i.status_at, klo)}</Table.Td>
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
