import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MEMBERCARDS_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDate, formatFinnishDateTime } from '../../../shared/finnish/date';
import type { DeliveryStatusName } from '../../../shared/schemas/messages';
import type { MEMBER_CARD_STATUSES } from '../../../shared/schemas/membercard';
import { inFlight } from '../../api/announcements';
import { isApiError } from '../../api/errors';
import { useCancelMembercard, useMembercard } from '../../api/membercards';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { DELIVERY_COLORS, deliveryStatusLabel, mediaLabel, messageStatusLabel } from '../announcements/labels';
import { BackToCards } from './MembercardNewPage';
import { useFormatNumber } from '../../i18n/useFormatNumber';

type CardStatus = (typeof MEMBER_CARD_STATUSES)[number];
const CARD_COLORS: Record<CardStatus, string> = { none: 'gray', sent: 'blue', opened: 'green', expired: 'orange' };

/** `/membercard/{id}`: how the card message went, and each recipient's card. Polled while deliveries are on their way. */
export function MembercardPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const [page, setPage] = usePageParam();
  const query = useMembercard(id, page - 1);
  const cancel = useCancelMembercard();
  const [ask, setAsk] = useState(false);
  const m = query.data;
  const number = useFormatNumber();

  const notFound = <NotFoundContent title={t('membercards.not_found')} backTo={PATHS.membercards} backLabel={t('membercards.back')} />;
  if (id === null) return notFound;
  if (query.isError && !m) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('membercards.page')}>
          <BackToCards />
        </PageHeader>
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!m) {
    return (
      <>
        <PageHeader title={t('membercards.page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  const cancellable = m.status === 'paying' || (m.msg_statuses.queued ?? 0) > 0;
  const stat = (label: string, value: string, testId: string) => (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
  return (
    <>
      <PageHeader title={t('membercards.message_page', { date: formatFinnishDateTime(m.sent_at ?? m.created_at, t('log.klo')) })}>
        <BackToCards />
        {cancellable ? (
          <Button color="red" variant="light" onClick={() => setAsk(true)}>
            {t('membercards.cancel')}
          </Button>
        ) : null}
      </PageHeader>
      <Stack gap="lg">
        <Text aria-live="polite" data-testid="membercard-state">
          {`${mediaLabel(t, m.msg_media)} · ${messageStatusLabel(t, m.status)}`}
          {inFlight(m) ? ` · ${t('membercards.sending')}` : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {stat(t('announcements.col_recipients'), number(m.recipient_count), 'recipient-total')}
          {stat(t('membercards.col_opened'), number(m.opened_count), 'opened-count')}
          {stat(t('membercards.valid_until'), m.valid_until ? formatFinnishDate(m.valid_until) : '–', 'valid-until')}
        </SimpleGrid>
        <PagedTable
          testId="membercard-cards"
          label={t('membercards.cards_table')}
          query={query}
          rowCount={m.cards.length}
          minWidth={720}
          page={page}
          pages={Math.max(1, Math.ceil(m.cards_count / MEMBERCARDS_PAGE_SIZE))}
          onPage={setPage}
          empty={<Text>{t('membercards.cards_empty')}</Text>}
          head={
            <>
              <Table.Th scope="col">{t('membercards.col_member')}</Table.Th>
              <Table.Th scope="col">{t('membercards.col_address')}</Table.Th>
              <Table.Th scope="col">{t('membercards.col_delivery')}</Table.Th>
              <Table.Th scope="col">{t('membercards.col_card')}</Table.Th>
            </>
          }
        >
          {m.cards.map((c) => (
            <Table.Tr key={c.delivery_id} data-testid="card-row">
              <Table.Th scope="row">{c.name || t('announcements.member_n', { id: c.member_id ?? 0 })}</Table.Th>
              <Table.Td>{c.recipient_address}</Table.Td>
              <Table.Td>
                <Badge variant="dot" tt="none" color={DELIVERY_COLORS[c.delivery_status as DeliveryStatusName] ?? 'gray'}>
                  {deliveryStatusLabel(t, c.delivery_status as DeliveryStatusName)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Badge variant="light" tt="none" color={CARD_COLORS[c.card_status]} data-testid="card-status">
                    {t(`membercards.card_${c.card_status}`)}
                  </Badge>
                  {c.opened_at ? <Text size="sm">{formatFinnishDateTime(c.opened_at, t('log.klo'))}</Text> : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
      <ConfirmModal
        opened={ask}
        title={t('membercards.cancel_title')}
        confirmLabel={t('membercards.cancel')}
        onCancel={() => setAsk(false)}
        onConfirm={() =>
          void cancel.mutateAsync(m.id).then(() => {
            setAsk(false);
            notifySuccess(t('announcements.cancelled_notice'));
          })
        }
        pending={cancel.isPending}
        error={cancel.error}
      >
        <Text>{t('membercards.cancel_text')}</Text>
      </ConfirmModal>
    </>
  );
}
