import { ActionIcon, Badge, Box, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS, FILTER_MAX_CONDITIONS, FILTER_VALUE_MAX_CHARS } from '../../../shared/constants';
import { messageText } from '../../i18n/messages';
import { type Filter, UNARY_VERBS, type Verb } from '../../../shared/filter/types';
import { verbLabel } from './filterLabels';
import {
  changeField,
  type DraftCondition,
  type DraftItem,
  type DraftOr,
  filterKey,
  type FilterField,
  fromDraft,
  isOr,
  newCondition,
  newOr,
  toDraft,
  valueProblem,
  verbsFor,
  isDateKind,
} from './filterModel';

interface FilterEditorProps {
  fields: readonly FilterField[];
  /** The filter in force (from the URL). */
  value: Filter;
  /** Called FILTER_DEBOUNCE_MS after the rows last changed, with the normalised filter. */
  onChange: (filter: Filter) => void;
  /** Shown when there are no conditions. */
  emptyText: string;
  /** Shown under the title: the saved filters of the member list. */
  tools?: ReactNode;
}

/**
 * The filter editor ("Rajaa"): ANDed condition rows on any field or group,
 * and "TAI-ryhmä" blocks whose rows are ORed. Verbs follow the field's type; dates
 * are typed d.M.yyyy. The filter follows the rows after a 300 ms pause.
 */
export function FilterEditor({ fields, value, onChange, emptyText, tools }: FilterEditorProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [items, setItems] = useState<DraftItem[]>(() => toDraft(value, fields));
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const derivedKey = useMemo(() => filterKey(fromDraft(items, fields)), [items, fields]);
  const [debouncedKey] = useDebouncedValue(derivedKey, FILTER_DEBOUNCE_MS);
  const valueKey = filterKey(value);
  // The filter this editor last sent or was given: tells our own change coming back
  // through the URL from one made elsewhere (back button, a link), which resets the rows.
  const known = useRef(valueKey);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (valueKey === known.current) return;
    known.current = valueKey;
    if (valueKey !== filterKey(fromDraft(itemsRef.current, fields))) setItems(toDraft(JSON.parse(valueKey) as Filter, fields));
  }, [valueKey, fields]);

  useEffect(() => {
    if (debouncedKey === known.current) return;
    known.current = debouncedKey;
    onChangeRef.current(JSON.parse(debouncedKey) as Filter);
  }, [debouncedKey]);

  const update = (key: string, change: (row: DraftCondition) => DraftCondition) =>
    setItems((list) =>
      list.map((item) =>
        isOr(item)
          ? { ...item, children: item.children.map((child) => (child.key === key ? change(child) : child)) }
          : item.key === key
            ? change(item)
            : item,
      ),
    );
  const remove = (key: string) =>
    setItems((list) =>
      list
        .filter((item) => item.key !== key)
        .map((item) => (isOr(item) ? { ...item, children: item.children.filter((c) => c.key !== key) } : item))
        .filter((item) => !isOr(item) || item.children.length > 0),
    );
  // Focus goes to the first input of a row just added, so keyboard users continue there.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.querySelector<HTMLElement>(`[data-filter-row="${focusNext.current}"] select`)?.focus();
    focusNext.current = null;
  }, [items]);

  const addCondition = () => {
    const row = newCondition(fields);
    focusNext.current = row.key;
    setItems((list) => [...list, row]);
  };
  const addOrGroup = () => {
    const group = newOr(fields);
    focusNext.current = group.children[0]?.key ?? null;
    setItems((list) => [...list, group]);
  };
  const addOrRow = (group: DraftOr) => {
    const row = newCondition(fields);
    focusNext.current = row.key;
    setItems((list) => list.map((item) => (isOr(item) && item.key === group.key ? { ...item, children: [...item.children, row] } : item)));
  };

  // The server refuses more than FILTER_MAX_CONDITIONS: the editor stops adding at the cap.
  const used = items.reduce((n, item) => n + (isOr(item) ? 1 + item.children.length : 1), 0);
  const full = used >= FILTER_MAX_CONDITIONS;

  let number = 0;
  const rowNumber = () => {
    number += 1;
    return number;
  };

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId} data-testid="filter-editor">
      <Title order={2} size="h4" id={titleId} mb="sm">
        {t('member_filter.title')}
      </Title>
      {tools}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="xs" mb="sm">
          {items.map((item, index) => (
            <Box key={item.key}>
              {index > 0 ? (
                <Badge variant="light" color="gray" size="sm" mb={6}>
                  {t('member_filter.and_word')}
                </Badge>
              ) : null}
              {isOr(item) ? (
                <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)" data-filter-or={item.key} role="group" aria-label={t('member_filter.or_group')}>
                  <Text size="sm" fw={600} mb="xs">
                    {t('member_filter.or_group_help')}
                  </Text>
                  <Stack gap="xs">
                    {item.children.map((child, childIndex) => (
                      <Box key={child.key}>
                        {childIndex > 0 ? (
                          <Badge variant="light" color="blue" size="sm" mb={6}>
                            {t('member_filter.or_word')}
                          </Badge>
                        ) : null}
                        <ConditionRow t={t} row={child} n={rowNumber()} fields={fields} update={update} remove={remove} locked={item.locked === true} />
                      </Box>
                    ))}
                  </Stack>
                  {item.locked ? null : (
                    <Button variant="subtle" size="xs" mt="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => addOrRow(item)} disabled={full}>
                      {t('member_filter.add_or_condition')}
                    </Button>
                  )}
                </Paper>
              ) : (
                <ConditionRow t={t} row={item} n={rowNumber()} fields={fields} update={update} remove={remove} locked={item.locked === true} />
              )}
            </Box>
          ))}
        </Stack>
      )}
      {full ? (
        <Text size="sm" mb="xs" role="status" data-testid="filter-limit">
          {messageText('filter_too_many_conditions')}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={addCondition} disabled={fields.length === 0 || full}>
          {t('member_filter.add_condition')}
        </Button>
        <Button variant="light" size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={addOrGroup} disabled={fields.length === 0 || used + 2 > FILTER_MAX_CONDITIONS}>
          {t('member_filter.add_or_group')}
        </Button>
        {items.some((item) => !item.locked) ? (
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => setItems((list) => list.filter((item) => item.locked))}
          >
            {t('member_filter.clear')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

interface ConditionRowProps {
  t: TFunction;
  row: DraftCondition;
  n: number;
  fields: readonly FilterField[];
  update: (key: string, change: (row: DraftCondition) => DraftCondition) => void;
  remove: (key: string) => void;
  locked: boolean;
}

function fieldOptions(t: TFunction, fields: readonly FilterField[], current: string) {
  const section = (name: FilterField['section']) => fields.filter((f) => f.section === name).map((f) => ({ value: f.name, label: f.label }));
  const groups = [
    { group: t('member_filter.section_fixed'), items: section('fixed') },
    { group: t('member_filter.section_custom'), items: section('custom') },
    { group: t('member_filter.section_flag'), items: section('flag') },
    { group: t('member_filter.section_group'), items: section('group') },
  ].filter((g) => g.items.length > 0);
  // A condition from a link may name a field that no longer exists: keep it visible.
  return fields.some((f) => f.name === current) ? groups : [{ value: current, label: current }, ...groups];
}

function ConditionRow({ t, row, n, fields, update, remove, locked }: ConditionRowProps) {
  const field = fields.find((f) => f.name === row.field);
  const kind = field?.kind;
  const verbs: readonly Verb[] = kind ? verbsFor(kind) : [row.verb];
  const disabled = locked || row.locked === true;
  const unary = UNARY_VERBS.has(row.verb);
  const problem = (text: string) => {
    const p = valueProblem(kind, text);
    return p === 'date' ? t('member_filter.date_invalid') : p === 'number' ? t('member_filter.number_invalid') : null;
  };
  const valueInput = (which: 'value' | 'value2', label: string) => {
    const text = row[which];
    const set = (next: string) => update(row.key, (r) => ({ ...r, [which]: next }));
    if (kind === 'dropdown' || kind === 'state') {
      return (
        <NativeSelect
          aria-label={label}
          value={text}
          disabled={disabled}
          onChange={(e) => set(e.currentTarget.value)}
          data={[{ value: '', label: t('member_filter.choose_value') }, ...(field?.options ?? []).map((o) => ({ value: o.value, label: o.label }))]}
          style={{ flex: 1, minWidth: 160 }}
        />
      );
    }
    const error = problem(text);
    return (
      <TextInput
        aria-label={label}
        value={text}
        disabled={disabled}
        onChange={(e) => set(e.currentTarget.value)}
        placeholder={isDateKind(kind) ? t('member_filter.date_placeholder') : undefined}
        inputMode={kind === 'number' ? 'decimal' : isDateKind(kind) ? 'numeric' : undefined}
        error={error}
        maxLength={FILTER_VALUE_MAX_CHARS}
        autoComplete="off"
        style={{ flex: 1, minWidth: 140 }}
      />
    );
  };

  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-filter-row={row.key} data-testid="filter-row">
      <NativeSelect
        aria-label={t('member_filter.field_label', { n })}
        value={row.field}
        disabled={disabled}
        onChange={(e) => {
          const next = e.currentTarget.value;
          update(row.key, (r) => changeField(r, fields, next));
        }}
        data={fieldOptions(t, fields, row.field)}
        style={{ minWidth: 180 }}
      />
      <NativeSelect
        aria-label={t('member_filter.verb_label', { n })}
        value={row.verb}
        disabled={disabled}
        onChange={(e) => {
          const next = e.currentTarget.value as Verb;
          update(row.key, (r) => ({ ...r, verb: next }));
        }}
        data={verbs.map((v) => ({ value: v, label: verbLabel(t, v, kind) }))}
        style={{ minWidth: 150 }}
      />
      {unary ? null : row.verb === 'between' ? (
        <>
          {valueInput('value', t('member_filter.from_label', { n }))}
          {valueInput('value2', t('member_filter.to_label', { n }))}
        </>
      ) : (
        valueInput('value', t('member_filter.value_label', { n }))
      )}
      {disabled ? null : (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => remove(row.key)}
          aria-label={t('member_filter.remove', { n })}
          title={t('member_filter.remove', { n })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
