import type { TFunction } from 'i18next';
import { BULK_FLAGS, isBulkEditableField } from '../../../shared/members/bulkEditable';
import type { Field } from '../../../shared/fields/types';
import { parseFieldValue } from '../../../shared/fields/values';
import type { Group as MemberGroup } from '../../../shared/schemas/groups';
import { fieldMessageText } from '../../i18n/messages';
import type { ListModel } from './useListModel';

// What bulk edit may change and how a choice becomes the API body: fields, flags and group
// memberships, each switched on separately; an empty value is sent only as "Tyhjennä kenttä".

export type Item =
  | { kind: 'field'; name: string; label: string; field: Field }
  | { kind: 'flag'; name: string; label: string }
  | { kind: 'group'; name: string; label: string; group: MemberGroup };

export function bulkItems(t: TFunction, model: ListModel): { fields: Item[]; flags: Item[]; groups: Item[] } {
  return {
    fields: model.fields
      .filter(isBulkEditableField)
      .map((field): Item => ({ kind: 'field', name: field.name, label: field.label, field })),
    flags: BULK_FLAGS.map((flag): Item => ({ kind: 'flag', name: flag, label: flag === 'active' ? t('members.active') : t('members.board') })),
    groups: model.groups.filter((g) => g.builtin === null).map((group): Item => ({ kind: 'group', name: group.name, label: group.label, group })),
  };
}

export interface Change {
  on: boolean;
  /** Text as typed for fields; true/false for checkboxes, flags and groups. */
  value: string | boolean;
  /** "Tyhjennä kenttä": an empty value is only sent when chosen, so nothing is emptied by accident. */
  clear?: boolean;
}

export type SetChange = (name: string, change: Partial<Change>, initial: string | boolean) => void;

export const inputId = (name: string) => `bulk-value-${name}`;

/** Yes/no fields: a checkbox, and a consent (given today / withdrawn). */
const isYesNo = (field: Field): boolean => field.type === 'checkbox' || field.type === 'consent';

export const initialValue = (item: Item): string | boolean => (item.kind === 'field' && !isYesNo(item.field) ? '' : true);

/** The API body of the items switched on: typed values (ISO dates, numbers, booleans); fields to empty only in `clear`. */
export function bulkBody(enabled: Item[], changes: Record<string, Change>): { data: Record<string, unknown>; clear: string[]; errors: Record<string, string> } {
  const data: Record<string, unknown> = {};
  const clear: string[] = [];
  const found: Record<string, string> = {};
  for (const item of enabled) {
    const value = changes[item.name]?.value;
    if (item.kind === 'field' && !isYesNo(item.field) && changes[item.name]?.clear) {
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
    if (item.field.type === 'consent') {
      // The server dates a consent given now; a withdrawal empties the field, so it is asked for as a clearing.
      if (value === true) data[item.name] = true;
      else clear.push(item.name);
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
}

/** One line of the confirmation: what the item becomes. */
export function bulkSummary(t: TFunction, item: Item, change: Change | undefined): string {
  const value = change?.value;
  if (item.kind === 'group') return t(value === true ? 'member_bulk.summary_group_add' : 'member_bulk.summary_group_remove', { label: item.label });
  if (item.kind === 'field' && item.field.type === 'consent') {
    return t(value === true ? 'member_bulk.summary_consent_give' : 'member_bulk.summary_consent_withdraw', { label: item.label });
  }
  if (item.kind === 'flag' || (item.kind === 'field' && item.field.type === 'checkbox')) {
    return `${item.label}: ${value === true ? t('member_list.yes') : t('member_list.no')}`;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (change?.clear) return t('member_bulk.summary_clear', { label: item.label });
  const shown = item.field.type === 'dropdown' ? (item.field.options.find((o) => o.value === text)?.label ?? text) : text;
  return `${item.label}: ${shown}`;
}
