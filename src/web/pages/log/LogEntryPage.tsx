import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useLogEntry } from '../../api/log';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useUndoBatch } from '../../components/undo';
import type { BatchInfo } from '../../../shared/schemas/batches';
import { batchState } from '../members/batchFormat';
import { PageHeader } from '../../components/PageHeader';
import { canOpen } from '../../access';
import { memberHistoryPath, PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { useLogLabels } from './useLogLabels';

// `/log/{id}` (the receipt view): one entry with every stored value in full. Entries with
// payments will show their receipt here once payments exist.

/** Where "Takaisin lokiin" goes: the list page the user came from, else the log's first page. */
function backTarget(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && back.startsWith(PATHS.log) ? back : PATHS.log;
}

export function LogEntryPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const labels = useLogLabels();
  const location = useLocation();
  const { id } = useParams();
  const entryId = /^\d{1,15}$/.test(id ?? '') && Number(id) > 0 ? Number(id) : null;
  const entry = useLogEntry(entryId);
  const back = backTarget(location.state);

  if (entryId === null || (isApiError(entry.error) && entry.error.status === 404)) {
    return <NotFoundContent title={t('log.not_found')} backTo={PATHS.log} backLabel={t('log.back')} />;
  }
  const e = entry.data;
  const title = e ? t('log.entry_page_named', { event: labels.event(e) }) : t('log.entry_page');

  return (
    <>
      <PageHeader title={title}>
        <Button component={Link} to={back} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('log.back')}
        </Button>
      </PageHeader>
      {entry.isError ? (
        <ErrorBanner error={entry.error} onRetry={() => void entry.refetch()} />
      ) : !e ? (
        <Stack gap="sm" role="status" aria-label={t('app.loading')}>
          <Skeleton height={120} />
          <Skeleton height={80} />
        </Stack>
      ) : (
        <Stack gap="lg" maw={900}>
          <Paper withBorder p="md" component="section" aria-labelledby="log-entry-details">
            <Title order={2} size="h4" id="log-entry-details" mb="sm">
              {t('log.entry_details')}
            </Title>
            <Stack component="dl" gap="xs" m={0} data-testid="log-entry-details">
              <Row term={t('log.col_time')}>{labels.time(e.at)}</Row>
              <Row term={t('log.col_event')}>{labels.event(e)}</Row>
              <Row term={t('log.col_context')}>
                {e.member_ && canOpen(user, PATHS.memberHistory) ? (
                  <Group gap="sm" wrap="wrap">
                    <span>{labels.context(e)}</span>
                    <Anchor component={Link} to={memberHistoryPath(e.member_.id)}>
                      {t('log.member_history')}
                    </Anchor>
                  </Group>
                ) : (
                  labels.context(e)
                )}
              </Row>
              <Row term={t('log.col_author')}>
                {e.author ? (
                  e.author.name
                ) : (
                  <>
                    {t('log.no_author')}
                    <Text size="sm" c="dimmed">
                      {t('log.no_author_help')}
                    </Text>
                  </>
                )}
              </Row>
              {e.batch_ ? (
                <Row term={t('log.undo_state')}>
                  <BatchUndo batch={e.batch_} />
                </Row>
              ) : null}
              {e.batch_id ? (
                <Row term={t('log.batch')}>
                  <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e.batch_id}
                  </Text>
                </Row>
              ) : null}
            </Stack>
          </Paper>

          <Paper withBorder p="md" component="section" aria-labelledby="log-entry-data">
            <Title order={2} size="h4" id="log-entry-data" mb="sm">
              {t('log.entry_data')}
            </Title>
            {labels.rows(e).length === 0 ? (
              <Text>{t('log.no_data')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" withRowBorders aria-labelledby="log-entry-data" data-testid="log-entry-data">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('log.col_field')}</Table.Th>
                      <Table.Th scope="col">{t('log.col_old')}</Table.Th>
                      <Table.Th scope="col">{t('log.col_new')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {labels.rows(e).map((d, i) => (
                      <Table.Tr key={`${d.field}-${String(i)}`}>
                        <Table.Th scope="row" fw={600}>
                          {labels.field(e, d)}
                        </Table.Th>
                        <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{labels.value(d, d.old)}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{labels.value(d, d.new)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </Stack>
      )}
    </>
  );
}

/** The batch's undo state, and "Kumoa tämä muutos" while it can be undone. */
function BatchUndo({ batch }: { batch: BatchInfo }) {
  const { t } = useTranslation();
  const undo = useUndoBatch();
  const [busy, setBusy] = useState(false);
  return (
    <Group gap="sm" wrap="wrap" component="span">
      <span data-testid="log-undo-state">{batchState(t, batch)}</span>
      {batch.can_undo ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          aria-busy={busy || undefined}
          onClick={() => {
            if (busy) return;
            setBusy(true);
            void undo(batch.batch_id).finally(() => setBusy(false));
          }}
        >
          {t('log.undo_button')}
        </Button>
      ) : null}
    </Group>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Text component="dt" fw={600} w={140} style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
