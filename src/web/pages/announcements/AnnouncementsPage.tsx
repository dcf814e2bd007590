import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { useAnnouncements } from '../../api/announcements';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { announcementPath, PATHS } from '../../paths';
import { DELIVERY_COLORS, deliveryStatusLabel, mediaLabel, messageStatusLabel, statusCounts } from './labels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/** `/announcements`: every announcement newest first, 20 a page, with how its deliveries are doing. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useAnnouncements(page - 1);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / LIST_PAGE_SIZE));
  const number = useFormatNumber();

  return (
    <>
      <PageHeader title={t('announcements.page')}>
        <Button component={Link} to={PATHS.announcementNew} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('announcements.new')}
        </Button>
      </PageHeader>
      <Stack gap="md">
        {data ? (
          <Text fw={600} data-testid="announcements-count" aria-live="polite">
            {t('announcements.count', { count: data.count })}
          </Text>
        ) : null}
        <PagedTable
          testId="announcements"
          label={t('announcements.table')}
          query={list}
          rowCount={data ? data.results.length : null}
          minWidth={820}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={
            <Stack gap="sm" align="flex-start">
              <Text>{t('announcements.empty')}</Text>
              <Button component={Link} to={PATHS.announcementNew} leftSection={<IconPlus size={18} aria-hidden />}>
                {t('announcements.new')}
              </Button>
            </Stack>
          }
          head={
            <>
              <Table.Th scope="col">{t('announcements.col_subject')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_media')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_status')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_recipients')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_deliveries')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_date')}</Table.Th>
            </>
          }
        >
          {data?.results.map((a) => (
            <Table.Tr key={a.id} data-testid="announcement-row">
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={announcementPath(a.id)}>
                  {a.subject.trim() || t('announcements.no_subject')}
                </Anchor>
              </Table.Th>
              <Table.Td>{mediaLabel(t, a.msg_media)}</Table.Td>
              <Table.Td>{messageStatusLabel(t, a.status)}</Table.Td>
              <Table.Td>{number(a.recipient_count)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {statusCounts(a.msg_statuses).map(({ status, count }) => (
                    <Badge key={status} variant="dot" color={DELIVERY_COLORS[status]} tt="none">
                      {`${deliveryStatusLabel(t, status)} ${number(count)}`}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinnishDateTime(a.sent_at ?? a.created_at, t('log.klo'))}</Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </>
  );
}
