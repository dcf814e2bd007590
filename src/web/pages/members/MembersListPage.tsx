import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconEdit, IconFileImport, IconFilterOff, IconHistory, IconInbox, IconPlus, IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../auth/roles';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { canOpen } from '../../access';
import { bulkEditPath, exportPath, memberEditPath, memberHistoryPath, PATHS } from '../../paths';
import { removedListPath } from './listPaths';
import { MemberListView } from './MemberListView';
import { MemberRowMenu } from './MemberRowMenu';
import { SavedFilterTools } from './SavedFilterTools';
import { useDeleteWithUndo } from './useDeleteWithUndo';
import { useListModel } from './useListModel';

/** `/members`: the register as a filtered, sorted list; board members read it, site admins act on it. */
export function MembersListPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const isAdmin = hasRole(user, 'admin');
  const { model, error, retry } = useListModel();
  const remove = useDeleteWithUndo();

  const header = (
    <PageHeader title={t('member_list.page')}>
      {canOpen(user, PATHS.memberAdd) ? (
        <Button component={Link} to={PATHS.memberAdd} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('member_list.add')}
        </Button>
      ) : null}
      {canOpen(user, PATHS.memberImport) ? (
        <Button component={Link} to={PATHS.memberImport} variant="default" leftSection={<IconFileImport size={18} aria-hidden />}>
          {t('import.page')}
        </Button>
      ) : null}
      {/* Always here, also before the first application arrives. */}
      {canOpen(user, PATHS.memberApplications) ? (
        <Button component={Link} to={PATHS.memberApplications} variant="default" leftSection={<IconInbox size={18} aria-hidden />} data-testid="applications-link">
          {t('applications.members_link')}
        </Button>
      ) : null}
    </PageHeader>
  );
  if (error) {
    return (
      <>
        {header}
        <ErrorBanner error={error} onRetry={retry} />
      </>
    );
  }
  if (!model) {
    return (
      <>
        {header}
        <PageLoader minHeight={240} />
      </>
    );
  }

  return (
    <>
      {header}
      <ErrorBanner error={remove.error} />
      <MemberListView
        model={model}
        deleted={false}
        label={t('member_list.table')}
        nameHref={(row) =>
          canOpen(user, PATHS.memberEdit) ? memberEditPath(row.id) : canOpen(user, PATHS.memberHistory) ? memberHistoryPath(row.id) : null
        }
        actions={(row) => <MemberRowMenu row={row} onDelete={isAdmin ? (r) => void remove.run(r.id) : null} />}
        filterTools={({ filter, setFilter }) => <SavedFilterTools filter={filter} onPick={setFilter} canEdit={isAdmin} />}
        toolbar={({ filter, count }) => (
          <>
            {canOpen(user, PATHS.membersBulkEdit) && count !== 0 ? (
              <Button component={Link} to={bulkEditPath(filter)} variant="default" leftSection={<IconEdit size={18} aria-hidden />}>
                {filter.length > 0 ? t('member_list.bulk_edit_filtered') : t('member_list.bulk_edit_all')}
              </Button>
            ) : null}
            {canOpen(user, PATHS.memberExport) && count !== 0 ? (
              <Button component={Link} to={exportPath(filter)} variant="default" leftSection={<IconDownload size={18} aria-hidden />}>
                {t('member_list.export')}
              </Button>
            ) : null}
            {canOpen(user, PATHS.membersRecent) ? (
              <Button component={Link} to={PATHS.membersRecent} variant="subtle" leftSection={<IconHistory size={18} aria-hidden />}>
                {t('recent.link')}
              </Button>
            ) : null}
            {canOpen(user, PATHS.membersRemoved) ? (
              <Button component={Link} to={removedListPath([])} variant="subtle" leftSection={<IconTrashX size={18} aria-hidden />}>
                {t('member_list.removed')}
              </Button>
            ) : null}
          </>
        )}
        empty={({ filtered, setFilter }) => (
          <Paper withBorder p="xl" data-testid="members-empty">
            <Stack align="flex-start" gap="sm">
              {filtered ? (
                <>
                  <Text>{t('member_list.empty_filtered')}</Text>
                  <Button variant="light" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={() => setFilter([])}>
                    {t('member_filter.clear')}
                  </Button>
                </>
              ) : (
                <>
                  <Text>{isAdmin ? t('member_list.empty_admin') : t('member_list.empty_board')}</Text>
                  {canOpen(user, PATHS.memberAdd) ? (
                    <Button component={Link} to={PATHS.memberAdd} leftSection={<IconPlus size={18} aria-hidden />}>
                      {t('member_list.add')}
                    </Button>
                  ) : null}
                </>
              )}
            </Stack>
          </Paper>
        )}
      />
    </>
  );
}
