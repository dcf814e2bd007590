import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UPDREQS_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { useUpdreqs } from '../../api/updreqsAdmin';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { PATHS, updateRequestPath } from '../../paths';
import { mediaLabel, messageStatusLabel } from '../announcements/labels';
import { formatRate, INSTANCE_COLORS, instanceCounts, instanceStatusLabel } from './updreqLabels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/** `/updreqs`: every update request newest first, 20 a page, with its instance counts and response rate. */
export function UpdreqsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useUpdreqs(page - 1);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / UPDREQS_PAGE_SIZE));
  const number = useFormatNumber();
  const newButton = (
    <Button component={Link} to={PATHS.updateRequestNew} leftSection={<IconPlus size={18} aria-hidden />}>
      {t('updreqs.new')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('updreqs.page')}>{newButton}</PageHeader>
      <Stack gap="md">
        {data ? (
          <Text fw={600} data-testid="updreqs-count" aria-live="polite">
            {t('updreqs.count', { count: data.count })}
          </Text>
        ) : null}
        <PagedTable
          testId="updreqs"
          label={t('updreqs.table')}
          query={list}
          rowCount={data ? data.results.length : null}
          minWidth={900}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={
            <Stack gap="sm" align="flex-start">
              <Text>{t('updreqs.empty')}</Text>
              {newButton}
            </Stack>
          }
          head={
            <>
              <Table.Th scope="col">{t('announcements.col_subject')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_media')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_status')}</Table.Th>
              <Table.Th scope="col">{t('announcements.col_date')}</Table.Th>
              <Table.Th scope="col">{t('updreqs.col_instances')}</Table.Th>
              <Table.Th scope="col">{t('updreqs.col_rate')}</Table.Th>
            </>
          }
        >
          {data?.results.map((u) => (
            <Table.Tr key={u.id} data-testid="updreq-row">
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={updateRequestPath(u.id)}>
                  {u.subject.trim() || t('announcements.no_subject')}
                </Anchor>
              </Table.Th>
              <Table.Td>{mediaLabel(t, u.msg_media)}</Table.Td>
              <Table.Td>{messageStatusLabel(t, u.status)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.sent_at ? formatFinnishDateTime(u.sent_at, t('log.klo')) : '–'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {instanceCounts(u.updreq_statuses).map(({ status, count }) => (
                    <Badge key={status} variant="dot" color={INSTANCE_COLORS[status]} tt="none">
                      {`${instanceStatusLabel(t, status)} ${number(count)}`}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRate(u.response_rate)}</Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </>
  );
}
