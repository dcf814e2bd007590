import { Anchor, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { BATCH_PAGE_SIZE, type BatchInfo } from '../../../shared/schemas/batches';
import { useBatches } from '../../api/batches';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useUndoBatch } from '../../components/undo';
import { logEntryPath, PATHS } from '../../paths';
import { batchState, batchSummary } from './batchFormat';

// `/members/recent` "Viimeisimmät muutokset": every undoable batch, newest
// first, undoable here for as long as it has not been undone; undone ones say when and by whom.

export function RecentChangesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const batches = useBatches(page);
  const undo = useUndoBatch();
  const [busy, setBusy] = useState<string | null>(null);
  const data = batches.data;

  const run = async (b: BatchInfo) => {
    if (busy) return;
    setBusy(b.batch_id);
    try {
      await undo(b.batch_id);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title={t('recent.page')}>
        <Button component={Link} to={PATHS.members} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('members.back_to_list')}
        </Button>
      </PageHeader>
      <Stack gap="md">
        <Text>{t('recent.intro')}</Text>
        {batches.isError ? (
          <ErrorBanner error={batches.error} onRetry={() => void batches.refetch()} />
        ) : !data ? (
          <Stack gap="xs" role="status" aria-label={t('app.loading')}>
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : data.results.length === 0 ? (
          <Text data-testid="recent-empty">{t('recent.empty')}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" withRowBorders data-testid="recent-table">
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{t('recent.page')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('recent.col_time')}</Table.Th>
                    <Table.Th scope="col">{t('recent.col_change')}</Table.Th>
                    <Table.Th scope="col">{t('recent.col_author')}</Table.Th>
                    <Table.Th scope="col">{t('recent.col_count')}</Table.Th>
                    <Table.Th scope="col">{t('recent.col_state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((b) => {
                    const change = batchSummary(t, b);
                    const time = formatFinnishDateTime(b.created_at);
                    return (
                      <Table.Tr key={b.batch_id} data-batch={b.batch_id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{time}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <Stack gap={4} align="flex-start">
                            <span>{change}</span>
                            {b.log_id !== null ? (
                              <Anchor component={Link} to={logEntryPath(b.log_id)} size="sm" aria-label={t('recent.log_link_label', { change, time })}>
                                {t('recent.log_link')}
                              </Anchor>
                            ) : null}
                          </Stack>
                        </Table.Td>
                        <Table.Td>{b.author?.name ?? t('recent.no_author')}</Table.Td>
                        <Table.Td>{b.member_count.toLocaleString('fi-FI')}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="wrap">
                            <Text size="sm" data-testid="recent-state">
                              {batchState(t, b)}
                            </Text>
                            {b.can_undo ? (
                              <Button
                                size="xs"
                                variant="light"
                                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                                onClick={() => void run(b)}
                                aria-busy={busy === b.batch_id || undefined}
                                aria-label={t('recent.undo_label', { change, time })}
                              >
                                {t('undo.button')}
                              </Button>
                            ) : null}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager pages={Math.ceil(data.count / BATCH_PAGE_SIZE)} page={page + 1} onChange={(p) => setPage(p - 1)} />
          </>
        )}
      </Stack>
    </>
  );
}
