import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_PAGE_SIZE } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { type BankStatement, useBankStatements, useUndoStatement } from '../../api/bank';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { Pager } from '../../components/Pager';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { ScrollTable } from '../../components/ScrollTable';
import { formatLabel, nowrap } from './bankParts';

// "Tuodut tiliotteet": every statement loaded (uploaded or from the bank connection), newest
// first, with "Kumoa" on the applied ones: undo removes what the statement booked, later
// assignments of its payments included, so the same file can be loaded again.

const SOURCES = { upload: 'bank.source_upload', bank_dir: 'bank.source_bank_dir' } as const;
const STATUSES = { dry_run: 'bank.status_dry_run', applied: 'bank.status_applied', undone: 'bank.status_undone' } as const;

export function StatementsList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useBankStatements(page - 1);
  const undo = useUndoStatement();
  const [target, setTarget] = useState<BankStatement | null>(null);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / BANK_PAGE_SIZE));
  const close = () => {
    if (undo.isPending) return;
    undo.reset();
    setTarget(null);
  };
  const confirm = () => {
    if (!target) return;
    undo.mutate(target.id, {
      onSuccess: (reply) => {
        setTarget(null);
        notifySuccess(t('bank.undone', { count: reply.removed }));
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="bank-statements-title">
      <Title order={2} size="h3" id="bank-statements-title">
        {t('bank.statements_title')}
      </Title>
      {list.isError ? (
        <ErrorBanner error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <RowsSkeleton />
      ) : data.results.length === 0 ? (
        <Text data-testid="bank-statements-empty">{t('bank.statements_empty')}</Text>
      ) : (
        <>
          <ScrollTable
            label={t('bank.statements_table')}
            minWidth={860}
            testId="bank-statements"
            head={
              <>
                <Table.Th scope="col">{t('bank.col_loaded')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_file')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_source')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('bank.col_payments')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('bank.col_total')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('bank.col_booked')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_status')}</Table.Th>
                <Table.Th scope="col">{t('bank.col_actions')}</Table.Th>
              </>
            }
          >
            {data.results.map((s) => (
              <Table.Tr key={s.id} data-testid="bank-statement-row" data-statement-id={s.id}>
                <Table.Td style={nowrap}>{formatFinnishDateTime(s.created_at, t('log.klo'))}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {s.filename}
                  <Text size="xs">{formatLabel(s.format)}</Text>
                </Table.Td>
                <Table.Td>{t(SOURCES[s.source])}</Table.Td>
                <Table.Td ta="right">{s.entries}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatAmount(s.total_c)}
                </Table.Td>
                <Table.Td ta="right">{s.booked}</Table.Td>
                <Table.Td data-testid="bank-statement-status">{t(STATUSES[s.status])}</Table.Td>
                <Table.Td>
                  {s.status === 'applied' ? (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconArrowBackUp size={16} aria-hidden />}
                      aria-label={t('bank.undo_one', { filename: s.filename })}
                      onClick={() => setTarget(s)}
                    >
                      {t('bank.undo')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
          <Pager pages={pages} page={page} onChange={setPage} />
        </>
      )}
      <ConfirmModal
        opened={target !== null}
        title={t('bank.undo_title')}
        confirmLabel={t('bank.undo_confirm')}
        onConfirm={confirm}
        onCancel={close}
        danger
        pending={undo.isPending}
        error={undo.error}
      >
        <Text>{t('bank.undo_text', { filename: target?.filename ?? '', count: target?.booked ?? 0 })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
