import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconFileImport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORTS_PAGE_SIZE } from '../../../shared/constants';
import { type ImportRow, useImports } from '../../api/importer';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../paths';
import { formatDateTime } from '../members/historyFormat';
import { UndoImportModal, type UndoTarget, undoneText } from './UndoImportModal';
import { PagedTable, usePageParam } from '../../components/PagedTable';

// The imports (/members/imports/all), each an undoable batch: file,
// time, author, how many members, when undone; each can be undone, after a question.

/** `/members/imports/all` */
export function ImportsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useImports(page - 1);
  const [undoTarget, setUndoTarget] = useState<UndoTarget | null>(null);
  const klo = t('imports.klo');

  const data = list.data;
  const total = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / IMPORTS_PAGE_SIZE));
  const when = (row: ImportRow) => formatDateTime(row.created_at, klo);

  return (
    <>
      <PageHeader title={t('imports.page')}>
        <Button component={Link} to={PATHS.memberImport} leftSection={<IconFileImport size={18} aria-hidden />}>
          {t('imports.new')}
        </Button>
      </PageHeader>
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Text maw={760}>{t('imports.intro')}</Text>
          {data ? (
            <Text fw={600} data-testid="imports-count" aria-live="polite">
              {t('imports.count', { count: total })}
            </Text>
          ) : null}
        </Group>

        <PagedTable
          testId="imports"
          label={t('imports.table')}
          query={list}
          rowCount={data ? data.results.length : null}
          minWidth={720}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={
            <Group gap="md" wrap="nowrap" align="flex-start">
              <IconFileSpreadsheet size={32} aria-hidden />
              <Stack gap="sm" align="flex-start">
                <Text>{t('imports.empty')}</Text>
                <Button component={Link} to={PATHS.memberImport} leftSection={<IconFileImport size={18} aria-hidden />}>
                  {t('imports.new')}
                </Button>
              </Stack>
            </Group>
          }
          head={
            <>
              <Table.Th scope="col">{t('imports.col_file')}</Table.Th>
              <Table.Th scope="col">{t('imports.col_time')}</Table.Th>
              <Table.Th scope="col">{t('imports.col_author')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('imports.col_persons')}
              </Table.Th>
              <Table.Th scope="col">{t('imports.col_undone')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('imports.col_actions')}</VisuallyHidden>
              </Table.Th>
            </>
          }
        >
          {data?.results.map((row) => (
            <Table.Tr key={String(row.id)} data-testid="imports-row">
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.filename}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row)}</Table.Td>
              <Table.Td>{row.author ?? t('imports.unknown_author')}</Table.Td>
              <Table.Td ta="right">{row.person_count.toLocaleString('fi-FI')}</Table.Td>
              <Table.Td data-testid="imports-undone">
                {row.undone_at ? (
                  <Badge variant="light" color="gray" tt="none">
                    {formatDateTime(row.undone_at, klo)}
                  </Badge>
                ) : (
                  <>
                    <span aria-hidden>–</span>
                    <VisuallyHidden>{t('imports.not_undone')}</VisuallyHidden>
                  </>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {row.undone_at ? null : (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconArrowBackUp size={16} aria-hidden />}
                    aria-label={t('imports.undo_named', { filename: row.filename, time: when(row) })}
                    aria-haspopup="dialog"
                    onClick={() => setUndoTarget({ id: row.id, filename: row.filename, personCount: row.person_count })}
                  >
                    {t('imports.undo')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>

      <UndoImportModal
        target={undoTarget}
        onClose={() => setUndoTarget(null)}
        onUndone={(reply) => {
          setUndoTarget(null);
          notifySuccess(undoneText(t, reply));
          // The row's "Kumoa" button is gone; focus returns to the page instead of to nowhere.
          window.setTimeout(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus(), 350);
        }}
      />
    </>
  );
}
