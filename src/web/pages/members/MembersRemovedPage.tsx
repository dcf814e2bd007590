import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconFilterOff, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Filter } from '../../../shared/filter/types';
import { useBulkRestore, useDeletePermanently, useRestoreMember } from '../../api/membersList';
import { hasRole } from '../../auth/roles';
import { useCurrentSession } from '../../auth/SessionContext';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useUndoNotification } from '../../components/undo';
import { canOpen } from '../../access';
import { memberHistoryPath, PATHS } from '../../paths';
import { MemberListView } from './MemberListView';
import { useListModel } from './useListModel';

/**
 * `/members/removed`: deleted members (a deleted member can be restored). Site admins restore one
 * or every filtered member, or delete the filtered ones for good after a question
 * that names how many and says it cannot be undone.
 */
export function MembersRemovedPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const isAdmin = hasRole(user, 'admin');
  const { model, error: modelError, retry } = useListModel();
  const restore = useRestoreMember();
  const bulkRestore = useBulkRestore();
  const purge = useDeletePermanently();
  const showUndo = useUndoNotification();
  const [error, setError] = useState<unknown>(null);
  const [confirm, setConfirm] = useState<{ filter: Filter; count: number } | null>(null);

  const header = (
    <PageHeader title={t('member_removed.page')}>
      <Button component={Link} to={PATHS.members} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
        {t('members.back_to_list')}
      </Button>
    </PageHeader>
  );
  if (modelError || !model) {
    return (
      <>
        {header}
        {modelError ? <ErrorBanner error={modelError} onRetry={retry} /> : <PageLoader minHeight={240} />}
      </>
    );
  }

  const restoreOne = async (id: number, name: string) => {
    setError(null);
    try {
      await restore.mutateAsync(id);
      notifySuccess(t('member_removed.restored', { name }));
    } catch (failure) {
      setError(failure);
    }
  };
  const restoreAll = async (filter: Filter) => {
    setError(null);
    try {
      const result = await bulkRestore.mutateAsync(filter);
      showUndo(t('member_removed.bulk_restored', { count: result.count }), result.batch_id);
    } catch (failure) {
      setError(failure);
    }
  };
  const deleteForGood = async () => {
    if (!confirm) return;
    try {
      const result = await purge.mutateAsync(confirm.filter);
      setConfirm(null);
      notifySuccess(t('member_removed.purged', { count: result.count }));
    } catch {
      // Shown inside the modal.
    }
  };

  return (
    <>
      {header}
      <Text mb="md" maw={720}>
        {isAdmin ? t('member_removed.intro_admin') : t('member_removed.intro_board')}
      </Text>
      <ErrorBanner error={error} />
      <MemberListView
        model={model}
        deleted
        label={t('member_removed.table')}
        nameHref={(row) => (canOpen(user, PATHS.memberHistory) ? memberHistoryPath(row.id) : null)}
        actions={
          isAdmin
            ? (row) => (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconArrowBackUp size={16} aria-hidden />}
                  onClick={() => void restoreOne(row.id, row.fullname_)}
                  aria-label={t('member_removed.restore_named', { name: row.fullname_ })}
                >
                  {t('member_removed.restore')}
                </Button>
              )
            : undefined
        }
        toolbar={({ filter, count }) =>
          isAdmin && count !== null && count > 0 ? (
            <>
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={18} aria-hidden />}
                onClick={() => void restoreAll(filter)}
                loading={bulkRestore.isPending}
              >
                {t(filter.length > 0 ? 'member_removed.restore_filtered' : 'member_removed.restore_all', { count })}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrashX size={18} aria-hidden />}
                onClick={() => {
                  purge.reset();
                  setConfirm({ filter, count });
                }}
              >
                {t('member_removed.purge')}
              </Button>
            </>
          ) : null
        }
        empty={({ filtered, setFilter }) => (
          <Paper withBorder p="xl" data-testid="members-empty">
            <Stack align="flex-start" gap="sm">
              <Text>{filtered ? t('member_removed.empty_filtered') : t('member_removed.empty')}</Text>
              {filtered ? (
                <Button variant="light" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={() => setFilter([])}>
                  {t('member_filter.clear')}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        )}
      />
      <ConfirmModal
        opened={confirm !== null}
        title={t('member_removed.purge_title', { count: confirm?.count ?? 0 })}
        confirmLabel={t('member_removed.purge')}
        onConfirm={() => void deleteForGood()}
        onCancel={() => setConfirm(null)}
        danger
        pending={purge.isPending}
        error={purge.error}
      >
        <Text>{t('member_removed.purge_text', { count: confirm?.count ?? 0 })}</Text>
      </ConfirmModal>
    </>
  );
}
