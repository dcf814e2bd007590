import type { Field, FieldOption } from '../../../shared/fields/types';
import { parseDecimalText } from '../../../shared/fields/values';
import { formatFinnishDate, parseFinnishDate, parseIsoDate } from '../../../shared/finnish/date';
import { normalizeFilter } from '../../../shared/filter/normalize';
import { type Condition, FILTER_OR, type Filter, UNARY_VERBS, type Verb, VERBS_BY_KIND } from '../../../shared/filter/types';
import type { Group } from '../../../shared/schemas/groups';

// The filter editor's model: rows as the user types
// them (d.M.yyyy dates, decimal commas), turned into the normalised filter that the
// URL, the list, bulk edit and export share. Rows still being filled in are dropped
// from the filter, like the server drops empty values.

export type FieldKind = 'text' | 'number' | 'date' | 'checkbox' | 'dropdown' | 'group' | 'state' | 'consent';

/** Kinds whose typed values are dates (a consent is filtered by the date it was given). */
export const isDateKind = (kind: FieldKind | undefined): boolean => kind === 'date' || kind === 'consent';

export interface FilterField {
  name: string;
  label: string;
  kind: FieldKind;
  options: readonly FieldOption[];
  section: 'fixed' | 'custom' | 'flag' | 'group';
}

/** Member flags the server filters on (checked / unchecked). */
export const FILTER_FLAGS = ['active', 'site_admin'] as const;
/** Member number and "Jäsen alkaen", filtered on the server like the flags. */
export const FILTER_MEMBERSHIP = [
  { name: 'id', kind: 'number' },
  { name: 'member_since', kind: 'date' },
] as const;
export type FilterFlag = (typeof FILTER_FLAGS)[number] | (typeof FILTER_MEMBERSHIP)[number]['name'];

export function fieldKind(type: Field['type']): FieldKind | null {
  switch (type) {
    case 'text':
    case 'textarea':
    case 'email':
      return 'text';
    case 'integer':
    case 'decimal':
      return 'number';
    case 'date':
      return 'date';
    case 'checkbox':
      return 'checkbox';
    case 'consent':
      return 'consent';
    case 'dropdown':
      return 'dropdown';
    default:
      return null;
  }
}

/** Every field and group a condition can be on, in form order. */
export function filterFields(fields: readonly Field[], groups: readonly Group[], flagLabel: (flag: FilterFlag) => string): FilterField[] {
  const result: FilterField[] = [];
  for (const f of fields) {
    const kind = fieldKind(f.type);
    if (kind) result.push({ name: f.name, label: f.label, kind, options: f.options, section: f.fixed ? 'fixed' : 'custom' });
  }
  for (const m of FILTER_MEMBERSHIP) result.push({ name: m.name, label: flagLabel(m.name), kind: m.kind, options: [], section: 'flag' });
  for (const flag of FILTER_FLAGS) result.push({ name: flag, label: flagLabel(flag), kind: 'checkbox', options: [], section: 'flag' });
  for (const g of groups) {
    if (g.builtin !== 'everyone') result.push({ name: g.name, label: g.label, kind: 'group', options: [], section: 'group' });
  }
  return result;
}

export const verbsFor = (kind: FieldKind): readonly Verb[] => VERBS_BY_KIND[kind] ?? [];

export interface DraftCondition {
  key: string;
  field: string;
  verb: Verb;
  /** As typed: text, a number with a comma, a date d.M.yyyy. */
  value: string;
  /** The end of a "between" range. */
  value2: string;
  id?: string | number;
  locked?: boolean;
}

export interface DraftOr {
  key: string;
  field: typeof FILTER_OR;
  children: DraftCondition[];
  id?: string | number;
  locked?: boolean;
}

export type DraftItem = DraftCondition | DraftOr;

export const isOr = (item: DraftItem): item is DraftOr => item.field === FILTER_OR;

let nextKey = 0;
export const newKey = (): string => {
  nextKey += 1;
  return `c${String(nextKey)}`;
};

/** A new row: the first field with its first verb. */
export function newCondition(fields: readonly FilterField[], fieldName?: string): DraftCondition {
  const field = fields.find((f) => f.name === fieldName) ?? fields[0];
  return { key: newKey(), field: field?.name ?? '', verb: field ? (verbsFor(field.kind)[0] ?? 'eq') : 'eq', value: '', value2: '' };
}

export const newOr = (fields: readonly FilterField[]): DraftOr => ({ key: newKey(), field: FILTER_OR, children: [newCondition(fields)] });

/** A row after the user picked another field: the verb is kept when it fits, the value when the kind is the same. */
export function changeField(row: DraftCondition, fields: readonly FilterField[], fieldName: string): DraftCondition {
  const before = fields.find((f) => f.name === row.field);
  const after = fields.find((f) => f.name === fieldName);
  if (!after) return { ...row, field: fieldName };
  const verbs = verbsFor(after.kind);
  const sameKind = before?.kind === after.kind && after.kind !== 'dropdown';
  return {
    ...row,
    field: fieldName,
    verb: verbs.includes(row.verb) ? row.verb : (verbs[0] ?? 'eq'),
    value: sameKind ? row.value : '',
    value2: sameKind ? row.value2 : '',
  };
}

function valueToDraft(kind: FieldKind | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (isDateKind(kind) && typeof value === 'string' && parseIsoDate(value)) return formatFinnishDate(value);
  if (kind === 'number' && typeof value === 'number') return String(value).replace('.', ',');
  return String(value);
}

function conditionToDraft(c: Condition, fields: readonly FilterField[]): DraftCondition {
  const kind = fields.find((f) => f.name === c.field)?.kind;
  const [from, to] = c.verb === 'between' && Array.isArray(c.value) ? (c.value as unknown[]) : [c.value, undefined];
  return {
    key: newKey(),
    field: c.field,
    verb: c.verb,
    value: valueToDraft(kind, from),
    value2: valueToDraft(kind, to),
    ...(c.id !== undefined ? { id: c.id } : {}),
    ...(c.locked ? { locked: true } : {}),
  };
}

/** Editor rows for a (normalised) filter, e.g. one read from the URL. */
export function toDraft(filter: Filter, fields: readonly FilterField[]): DraftItem[] {
  return filter.map((c): DraftItem => {
    if (c.field !== FILTER_OR) return conditionToDraft(c, fields);
    const children = Array.isArray(c.value) ? (c.value as Condition[]).map((x) => conditionToDraft(x, fields)) : [];
    return { key: newKey(), field: FILTER_OR, children, ...(c.id !== undefined ? { id: c.id } : {}), ...(c.locked ? { locked: true } : {}) };
  });
}

export type ValueProblem = 'date' | 'number' | null;

/** Why a typed value cannot be used (shown under the input), or null. Empty is not a problem: the row is just left out. */
export function valueProblem(kind: FieldKind | undefined, text: string): ValueProblem {
  if (text.trim() === '') return null;
  if (isDateKind(kind)) return parseFinnishDate(text) || parseIsoDate(text.trim()) ? null : 'date';
  if (kind === 'number') return parseDecimalText(text) === null ? 'number' : null;
  return null;
}

function draftValue(kind: FieldKind | undefined, text: string): unknown {
  const s = text.trim();
  if (s === '') return undefined;
  if (isDateKind(kind)) return parseFinnishDate(s) ?? (parseIsoDate(s) ? s : undefined);
  if (kind === 'number') return parseDecimalText(s) ?? undefined;
  return s;
}

function draftToCondition(row: DraftCondition, fields: readonly FilterField[]): Condition {
  const kind = fields.find((f) => f.name === row.field)?.kind;
  const c: Condition = { field: row.field, verb: row.verb };
  if (row.id !== undefined) c.id = row.id;
  if (row.locked) c.locked = true;
  if (UNARY_VERBS.has(row.verb)) return c;
  c.value = row.verb === 'between' ? [draftValue(kind, row.value), draftValue(kind, row.value2)] : draftValue(kind, row.value);
  return c;
}

/** The filter the rows describe, normalised: unfinished rows and invalid dates are left out. */
export function fromDraft(items: readonly DraftItem[], fields: readonly FilterField[]): Filter {
  const raw = items.map((item): Condition => {
    if (!isOr(item)) return draftToCondition(item, fields);
    const c: Condition = { field: FILTER_OR, verb: 'or', value: item.children.map((x) => draftToCondition(x, fields)) };
    if (item.id !== undefined) c.id = item.id;
    if (item.locked) c.locked = true;
    return c;
  });
  return normalizeFilter(raw);
}

/** Stable text of a filter, for comparing two filters. */
export const filterKey = (filter: Filter): string => JSON.stringify(filter);

/**
 * A filter from a route parameter the router has already decoded once
 * (/members/bulkedit/{filter}). The shared filterFromParam expects the raw, still
 * encoded text and decodes it again, which breaks on a value containing "%". Returns
 * null when the text is not a filter at all, so a broken link never means "everyone".
 */
export function filterFromDecodedParam(param: string | undefined): Filter | null {
  if (param === undefined) return null;
  for (const text of [param, safeDecode(param)]) {
    if (text === null) continue;
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return normalizeFilter(parsed);
    } catch {
      // Try the next reading.
    }
  }
  return null;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The raw (still percent-encoded) value of a query parameter, for filterFromParam. */
export function rawQueryParam(search: string, name: string): string | undefined {
  for (const part of search.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}
