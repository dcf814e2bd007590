import { Alert, Button, Checkbox, Group, List, NativeSelect, Paper, Radio, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DECIMAL_INPUT_MAXLENGTH } from '../../../shared/constants';
import type { Field } from '../../../shared/fields/types';
import { parseFieldValue } from '../../../shared/fields/values';
import type { Filter } from '../../../shared/filter/types';
import type { Group as MemberGroup } from '../../../shared/schemas/groups';
import { fieldErrorKeys } from '../../api/errorKeys';
import { useBulkGet, useBulkRemove, useBulkUpdate } from '../../api/membersList';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUndoNotification } from '../../components/undo';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { fieldMessageText } from '../../i18n/messages';
import { describeFilter } from './filterLabels';
import { FilterPage } from './FilterPage';
import { membersListPath } from './listPaths';
import type { ListModel } from './useListModel';
import { BULK_FLAGS, isBulkEditableField } from '../../../shared/members/bulkEditable';

// Bulk edit (spec §2, §5; issue 6): set fields, flags and group memberships for every
// member the filter matches, after a question naming how many; undone from the
// notification. Also "Poista kaikki rajatut" (bulk remove), undone the same way.

type Item =
  | { kind: 'field'; name: string; label: string; field: Field }
  | { kind: 'flag'; name: string; label: string }
  | { kind: 'group'; name: string; label: string; group: MemberGroup };

function bulkItems(t: TFunction, model: ListModel): { fields: Item[]; flags: Item[]; groups: Item[] } {
  return {
    fields: model.fields
      .filter(isBulkEditableField)
      .map((field): Item => ({ kind: 'field', name: field.name, label: field.label, field })),
    flags: BULK_FLAGS.map((flag): Item => ({ kind: 'flag', name: flag, label: flag === 'active' ? t('members.active') : t('members.board') })),
    groups: model.groups.filter((g) => g.builtin === null).map((group): Item => ({ kind: 'group', name: group.name, label: group.label, group })),
  };
}

interface Change {
  on: boolean;
  /** Text as typed for fields; true/false for checkboxes, flags and groups. */
  value: string | boolean;
  /** "Tyhjennä kenttä": an empty value is only sent when chosen (issue 21). */
  clear?: boolean;
}

const inputId = (name: string) => `bulk-value-${name}`;

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

  /** The API body: typed values (ISO dates, numbers, booleans); fields to empty only in `clear`. */
  const body = (): { data: Record<string, unknown>; clear: string[]; errors: Record<string, string> } => {
    const data: Record<string, unknown> = {};
    const clear: string[] = [];
    const found: Record<string, string> = {};
    for (const item of enabled) {
      const value = changes[item.name]?.value;
      if (item.kind === 'field' && item.field.type !== 'checkbox' && changes[item.name]?.clear) {
        clear.push(item.name);
        continue;
      }
      if (item.kind !== 'field') {
        data[item.name] = value === true;
        continue;
      }
      if (item.field.type === 'checkbox') {
        data[item.name] = value === true;
        continue;
      }
      const text = typeof value === 'string' ? value : '';
      if (text.trim() === '') {
        found[item.name] = fieldMessageText('members_bulk_empty_value');
        continue;
      }
      const parsed = parseFieldValue(item.field, text);
      if (!parsed.ok) {
        found[item.name] = fieldMessageText(parsed.key);
        continue;
      }
      const { type } = item.field;
      data[item.name] = type === 'integer' || type === 'decimal' ? parsed.value.num : parsed.value.text;
    }
    return { data, clear, errors: found };
  };

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

  const summary = (item: Item): string => {
    const value = changes[item.name]?.value;
    if (item.kind === 'group') return t(value === true ? 'member_bulk.summary_group_add' : 'member_bulk.summary_group_remove', { label: item.label });
    if (item.kind === 'flag' || (item.kind === 'field' && item.field.type === 'checkbox')) {
      return `${item.label}: ${value === true ? t('member_list.yes') : t('member_list.no')}`;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (changes[item.name]?.clear) return t('member_bulk.summary_clear', { label: item.label });
    const shown = item.field.type === 'dropdown' ? (item.field.options.find((o) => o.value === text)?.label ?? text) : text;
    return `${item.label}: ${shown}`;
  };

  return (
    <>
      {guard.prompt}
      <Stack gap="lg" maw={820}>
        <Paper withBorder p="md" component="section" aria-label={t('member_bulk.scope_title')}>
          <Title order={2} size="h4" mb="xs">
            {t('member_bulk.scope_title')}
          </Title>
          {scope.isError ? (
            <ErrorBanner error={scope.error} onRetry={() => void scope.refetch()} />
          ) : !scope.data ? (
            <Skeleton height={24} width="40%" aria-label={t('app.loading')} />
          ) : (
            <Text fw={700} size="lg" data-testid="bulk-count">
              {t('member_bulk.count', { count: scope.data.count })}
            </Text>
          )}
          {lines.length > 0 ? (
            <List size="sm" mt="xs" data-testid="bulk-filter">
              {lines.map((line, i) => (
                <List.Item key={`${String(i)}-${line}`}>{line}</List.Item>
              ))}
            </List>
          ) : (
            <Alert color="yellow" variant="light" mt="xs" icon={<IconAlertTriangle aria-hidden />}>
              {t('member_bulk.no_filter')}
            </Alert>
          )}
          {scope.data && scope.data.sample.length > 0 ? (
            <Text size="sm" mt="xs" c="dimmed">
              {t('member_bulk.sample', { names: scope.data.sample.map((s) => s.fullname_).join(', ') })}
              {scope.data.count > scope.data.sample.length ? '…' : ''}
            </Text>
          ) : null}
        </Paper>

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
            <List.Item key={item.name}>{summary(item)}</List.Item>
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

interface SectionProps {
  title: string;
  items: Item[];
  changes: Record<string, Change>;
  errors: Record<string, string>;
  set: (name: string, change: Partial<Change>, initial: string | boolean) => void;
}

function BulkSection({ title, items, changes, errors, set }: SectionProps) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">
        {items.map((item) => (
          <BulkItem key={item.name} item={item} change={changes[item.name]} error={errors[item.name]} set={set} />
        ))}
      </Stack>
    </Paper>
  );
}

const initialValue = (item: Item): string | boolean => (item.kind === 'field' && item.field.type !== 'checkbox' ? '' : true);

function BulkItem({ item, change, error, set }: { item: Item; change: Change | undefined; error: string | undefined; set: SectionProps['set'] }) {
  const { t } = useTranslation();
  const on = change?.on === true;
  const initial = initialValue(item);
  const value = change?.value ?? initial;
  const setValue = (next: string | boolean) => set(item.name, { value: next }, initial);
  const clearable = item.kind === 'field' && item.field.type !== 'checkbox';
  const clearing = clearable && change?.clear === true;
  return (
    <Stack gap={6}>
      {/* Focus stays here when ticked (issue 21): the value field comes next in tab order. */}
      <Checkbox label={t('member_bulk.change', { label: item.label })} checked={on} onChange={(e) => set(item.name, { on: e.currentTarget.checked }, initial)} />
      {on ? (
        <Stack gap={6} style={{ paddingLeft: 32 }}>
          <BulkValueInput item={item} value={clearing ? '' : value} error={clearing ? undefined : error} disabled={clearing} onChange={setValue} />
          {clearable ? (
            <Checkbox
              label={t('member_bulk.clear', { label: item.label })}
              checked={clearing}
              onChange={(e) => set(item.name, { clear: e.currentTarget.checked, ...(e.currentTarget.checked ? { value: '' } : {}) }, initial)}
              data-testid={`bulk-clear-${item.name}`}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function BulkValueInput({ item, value, error, disabled, onChange }: { item: Item; value: string | boolean; error: string | undefined; disabled: boolean; onChange: (v: string | boolean) => void }) {
  const { t } = useTranslation();
  const id = inputId(item.name);
  const yesNo = (yes: string, no: string) => (
    <Radio.Group value={value === true ? 'yes' : 'no'} onChange={(v) => onChange(v === 'yes')} label={t('member_bulk.new_value', { label: item.label })} error={error}>
      <Group gap="lg" mt={4}>
        <Radio value="yes" label={yes} id={id} />
        <Radio value="no" label={no} />
      </Group>
    </Radio.Group>
  );
  if (item.kind === 'group') return yesNo(t('member_bulk.group_add'), t('member_bulk.group_remove'));
  if (item.kind === 'flag') return yesNo(t('member_list.yes'), t('member_list.no'));
  const field = item.field;
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    label: t('member_bulk.new_value', { label: item.label }),
    description: t('member_bulk.choose_clear'),
    value: text,
    error,
    disabled,
    maw: 420,
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
  };
  switch (field.type) {
    case 'checkbox':
      return yesNo(t('member_list.yes'), t('member_list.no'));
    case 'dropdown':
      return (
        <NativeSelect {...common} data={[{ value: '', label: t('members.no_choice') }, ...field.options.map((o) => ({ value: o.value, label: o.label }))]} />
      );
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} maxLength={field.maxlength} />;
    case 'integer':
      return <TextInput {...common} inputMode="numeric" maxLength={12} autoComplete="off" />;
    case 'decimal':
      return <TextInput {...common} description={`${t('members.decimal_help')} ${t('member_bulk.choose_clear')}`} inputMode="decimal" maxLength={DECIMAL_INPUT_MAXLENGTH} autoComplete="off" />;
    case 'date':
      return <TextInput {...common} description={`${t('members.date_help')} ${t('member_bulk.choose_clear')}`} placeholder={t('members.date_placeholder')} inputMode="numeric" maxLength={10} autoComplete="off" />;
    case 'email':
      return <TextInput {...common} type="email" maxLength={field.maxlength} autoComplete="off" />;
    default:
      return <TextInput {...common} maxLength={field.maxlength} autoComplete="off" />;
  }
}
