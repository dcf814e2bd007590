import { Checkbox, Group, NativeSelect, Paper, Radio, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DECIMAL_INPUT_MAXLENGTH } from '../../../shared/constants';
import { initialValue, inputId, type Change, type Item, type SetChange } from './bulkEditModel';

// One section of the bulk edit form (fields, flags or groups): per item a checkbox "Muuta …"
// that reveals the new value and, for fields, "Tyhjennä kenttä".

interface SectionProps {
  title: string;
  items: Item[];
  changes: Record<string, Change>;
  errors: Record<string, string>;
  set: SetChange;
}

export function BulkSection({ title, items, changes, errors, set }: SectionProps) {
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

function BulkItem({ item, change, error, set }: { item: Item; change: Change | undefined; error: string | undefined; set: SetChange }) {
  const { t } = useTranslation();
  const on = change?.on === true;
  const initial = initialValue(item);
  const value = change?.value ?? initial;
  const setValue = (next: string | boolean) => set(item.name, { value: next }, initial);
  const clearable = item.kind === 'field' && item.field.type !== 'checkbox' && item.field.type !== 'consent';
  const clearing = clearable && change?.clear === true;
  return (
    <Stack gap={6}>
      {/* Focus stays here when ticked: the value field comes next in tab order. */}
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
    case 'consent':
      // Given today to those who have not given it; withdrawing clears everyone's.
      return yesNo(t('member_bulk.consent_give'), t('member_bulk.consent_withdraw'));
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
