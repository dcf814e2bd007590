import type { Field, StoredValue } from '../fields/types';
import { valueToText } from '../fields/values';

// How a member history entry shows values, and the first entry of a member's story
// (PersonInsert): the member form, the import and an approved application all start a
// member's history the same way.

/** One changed value in a member history entry. */
export interface HistoryDatum {
  field: string;
  label: string;
  old: unknown;
  new: unknown;
}

/** Member flags and how history names them. */
export const FLAG_LABELS = { active: 'Aktiivinen', site_admin: 'Pääkäyttäjä', board: 'Hallitus' } as const;
export type MemberFlag = keyof typeof FLAG_LABELS;
/** A new member's flags when nothing is said: active, not an admin, not on the board. */
const FLAG_DEFAULTS: Record<MemberFlag, boolean> = { active: true, site_admin: false, board: false };

/** What history shows for a password: that there is one, never the value or its hash. */
export const PASSWORD_MASK = '********';
/** The history line of a set password. */
export const PASSWORD_DATUM: HistoryDatum = { field: 'password', label: 'Salasana', old: null, new: PASSWORD_MASK };

/** A stored value as history shows it (dates d.M.yyyy, decimals with a comma); null when empty. */
export function historyValue(type: Field['type'], v: StoredValue): string | null {
  if (type === 'password') return v.text ? PASSWORD_MASK : null;
  return valueToText(type, v) || null;
}

export interface NewMember {
  /** Fixed fields (member columns) in form order, with their labels and values as stored. */
  columns: readonly { field: string; label: string; value: string | null | undefined }[];
  /** Flags as set; absent ones take the defaults and are not recorded. */
  flags?: Partial<Record<MemberFlag, boolean>>;
  /** Custom field values as stored. */
  values: readonly { field: Pick<Field, 'name' | 'label' | 'type'>; value: StoredValue }[];
  /** Groups the member joins. */
  groups: readonly { name: string; label: string }[];
  /** A login password was set. */
  password?: boolean;
}

/**
 * The data of a new member's PersonInsert entry: every value given (empty ones left out),
 * each flag that differs from a new member's default, every group joined, and that a
 * password was set.
 */
export function newMemberHistory(m: NewMember): HistoryDatum[] {
  const data: HistoryDatum[] = [];
  for (const c of m.columns) if (c.value) data.push({ field: c.field, label: c.label, old: null, new: c.value });
  for (const flag of Object.keys(FLAG_LABELS) as MemberFlag[]) {
    const set = m.flags?.[flag];
    if (set !== undefined && set !== FLAG_DEFAULTS[flag]) data.push({ field: flag, label: FLAG_LABELS[flag], old: FLAG_DEFAULTS[flag], new: set });
  }
  for (const { field, value } of m.values) {
    const shown = historyValue(field.type, value);
    if (shown !== null) data.push({ field: field.name, label: field.label, old: null, new: shown });
  }
  for (const g of m.groups) data.push({ field: g.name, label: g.label, old: false, new: true });
  if (m.password) data.push(PASSWORD_DATUM);
  return data;
}
