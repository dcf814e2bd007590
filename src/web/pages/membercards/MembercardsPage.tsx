import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MEMBERCARDS_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { useMembercards } from '../../api/membercards';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { membercardPath, PATHS } from '../../paths';
import { DELIVERY_COLORS, deliveryStatusLabel, mediaLabel, messageStatusLabel, statusCounts } from '../announcements/labels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/** `/membercard`: the card messages newest first, with how their deliveries are doing and how many cards were opened. */
export function MembercardsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useMembercards(page - 1);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / MEMBERCARDS_PAGE_SIZE));
  const number = useFormatNumber();
  const newButton = (
    <Button component={Link} to={PATHS.membercardNew} leftSection={<IconPlus size={18} aria-hidden />}>
      {t('membercards.new')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('membercards.page')}>
        <Button component={Link} to={PATHS.settingsMembercard} variant="default">
          {t('membercards.design_link')}
        </Button>
        {newButton}
      </PageHeader>
      <Stack gap="md">
        <PagedTable
          testId="membercards"
          label={t('membercards.table')}
          query={list}
          rowCount={data ? data.results.length : null}
          minWidth={720}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={
            <Stack gap="sm" align="flex-start">
              <Text>{t('membercards.empty')}</Text>
              {newButton}
            </Stack>
          }
          head={
            <>
              <Table.Th scope="col">{t('membercards.col_date')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_media')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_status')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_recipients')}</Table.Th>
              <Table.Th scope="col">{t('membercards.col_opened')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_deliveries')}</Table.Th>
            </>
          }
        >
          {data?.results.map((m) => (
            <Table.Tr key={m.id} data-testid="membercard-row">
              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={membercardPath(m.id)}>
                  {formatFinnishDateTime(m.sent_at ?? m.created_at, t('log.klo'))}
                </Anchor>
              </Table.Th>
              <Table.Td>{mediaLabel(t, m.msg_media)}</Table.Td>
              <Table.Td>{messageStatusLabel(t, m.status)}</Table.Td>
              <Table.Td>{number(m.recipient_count)}</Table.Td>
              <Table.Td>{number(m.opened_count)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {statusCounts(m.msg_statuses).map(({ status, count }) => (
                    <Badge key={status} variant="dot" color={DELIVERY_COLORS[status]} tt="none">
                      {`${deliveryStatusLabel(t, status)} ${number(count)}`}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </>
  );
}
