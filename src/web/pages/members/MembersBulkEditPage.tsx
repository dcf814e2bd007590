import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Filter } from '../../../shared/filter/types';
import { fieldErrorKeys } from '../../api/errorKeys';
import { useBulkGet, useBulkRemove, useBulkUpdate } from '../../api/membersList';
import { ConfirmModal } from '../../components/ConfirmModal';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUndoNotification } from '../../components/undo';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { fieldMessageText } from '../../i18n/messages';
import { bulkBody, bulkItems, bulkSummary, inputId, type Change } from './bulkEditModel';
import { BulkScope } from './BulkScope';
import { BulkSection } from './BulkSection';
import { describeFilter } from './filterLabels';
import { FilterPage } from './FilterPage';
import { membersListPath } from './listPaths';
import type { ListModel } from './useListModel';

// Bulk edit: set fields, flags and group memberships for every member the filter matches,
// after a question naming how many; undone from the notification. Also "Poista kaikki
// rajatut" (bulk remove), undone the same way.

/** `/members/bulkedit/{filter}` */
export function MembersBulkEditPage() {
  const { t } = useTranslation();
  return (
    <FilterPage title={t('member_bulk.page')} badFilter={t('member_bulk.bad_filter')}>
      {(model, filter) => <BulkEditor model={model} filter={filter} />}
    </FilterPage>
  );
}

function BulkEditor({ model, filter }: { model: ListModel; filter: Filter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useBulkGet(filter, true);
  const update = useBulkUpdate();
  const remove = useBulkRemove();
  const showUndo = useUndoNotification();
  const items = useMemo(() => bulkItems(t, model), [t, model]);
  const all = [...items.fields, ...items.flags, ...items.groups];
  const [changes, setChanges] = useState<Record<string, Change>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [noChanges, setNoChanges] = useState(false);
  const [asking, setAsking] = useState<'update' | 'remove' | null>(null);
  const enabled = all.filter((item) => changes[item.name]?.on);
  const guard = useUnsavedChangesGuard(enabled.length > 0);
  const count = scope.data?.count ?? null;
  const lines = describeFilter(t, filter, model.filterFields);

  const set = (name: string, change: Partial<Change>, initial: string | boolean) => {
    setChanges((c) => ({ ...c, [name]: { on: c[name]?.on ?? false, value: c[name]?.value ?? initial, ...change } }));
    if (change.on) setNoChanges(false);
    setErrors((e) => {
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  };

  const body = () => bulkBody(enabled, changes);

  const focus = (name: string) => document.getElementById(inputId(name))?.focus();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNoChanges(enabled.length === 0);
    if (enabled.length === 0) return;
    const { errors: found } = body();
    setErrors(found);
    const first = enabled.find((item) => found[item.name]);
    if (first) {
      focus(first.name);
      return;
    }
    update.reset();
    setAsking('update');
  };

  const runUpdate = useGuardedSubmit(async () => {
    const { data, clear } = body();
    try {
      const result = await update.mutateAsync({ data, filter, clear });
      setAsking(null);
      guard.allowNextNavigation();
      showUndo(t('member_bulk.done', { count: result.count }), result.batch_id);
      void navigate(membersListPath(filter));
    } catch (failure) {
      const names = enabled.map((item) => item.name);
      const keys = fieldErrorKeys(failure, names);
      if (Object.keys(keys).length > 0) {
        setAsking(null);
        setErrors(Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, fieldMessageText(key)])));
        const first = enabled.find((item) => keys[item.name]);
        if (first) window.setTimeout(() => focus(first.name), 0);
      }
    }
  });

  const runRemove = useGuardedSubmit(async () => {
    try {
      const result = await remove.mutateAsync(filter);
      setAsking(null);
      guard.allowNextNavigation();
      showUndo(t('member_bulk.removed', { count: result.count }), result.batch_id);
      void navigate(membersListPath(filter));
    } catch {
      // Shown inside the modal.
    }
  });

  return (
    <>
      {guard.prompt}
      <Stack gap="lg" maw={820}>
        <BulkScope scope={scope} lines={lines} />

        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <Text>{t('member_bulk.intro')}</Text>
            {noChanges ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                {t('members_bulk_nothing_to_change')}
              </Alert>
            ) : null}
            <BulkSection title={t('member_bulk.section_fields')} items={items.fields} changes={changes} errors={errors} set={set} />
            <BulkSection title={t('member_bulk.section_flags')} items={items.flags} changes={changes} errors={errors} set={set} />
            <BulkSection title={t('member_bulk.section_groups')} items={items.groups} changes={changes} errors={errors} set={set} />
            <Group justify="space-between" gap="sm">
              <SubmitButton pending={runUpdate.pending} disabled={count === 0}>
                {t('member_bulk.submit')}
              </SubmitButton>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={18} aria-hidden />}
                disabled={!count}
                onClick={() => {
                  remove.reset();
                  setAsking('remove');
                }}
              >
                {t('member_bulk.remove_all')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>

      <ConfirmModal
        opened={asking === 'update'}
        title={t('member_bulk.confirm_title', { count: count ?? 0 })}
        confirmLabel={t('member_bulk.confirm', { count: count ?? 0 })}
        onConfirm={() => void runUpdate.run()}
        onCancel={() => setAsking(null)}
        pending={runUpdate.pending}
        error={update.error}
      >
        <Text>{t('member_bulk.confirm_text', { count: count ?? 0 })}</Text>
        <List size="sm" data-testid="bulk-summary">
          {enabled.map((item) => (
            <List.Item key={item.name}>{bulkSummary(t, item, changes[item.name])}</List.Item>
          ))}
        </List>
      </ConfirmModal>
      <ConfirmModal
        opened={asking === 'remove'}
        title={t('member_bulk.remove_title', { count: count ?? 0 })}
        confirmLabel={t('member_bulk.remove_confirm', { count: count ?? 0 })}
        onConfirm={() => void runRemove.run()}
        onCancel={() => setAsking(null)}
        danger
        pending={runRemove.pending}
        error={remove.error}
      >
        <Text>{t('member_bulk.remove_text', { count: count ?? 0 })}</Text>
      </ConfirmModal>
    </>
  );
}
