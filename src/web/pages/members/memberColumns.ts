import { MEMBER_PAGE_SIZE_DEFAULT, MEMBER_PAGE_SIZES } from '../../../shared/constants';
import type { Field, FieldOption, FieldType } from '../../../shared/fields/types';
import { formatFinnishDate } from '../../../shared/finnish/date';
import type { Group } from '../../../shared/schemas/groups';
import { formatPhone } from './phoneDisplay';

// The member list's columns: name always, then the user's choice among the
// fixed fields, custom fields, flags and groups, remembered in session persistent data.
// Values arrive typed from the API and are shown the Finnish way (formatCell).

export const PD_MEMBERS_COLUMNS = 'members_columns';
export const PD_MEMBERS_PAGE_SIZE = 'members_page_size';
export const PD_MEMBERS_SORT = 'members_sort';

export const DEFAULT_COLUMNS: readonly string[] = ['email', 'phone'];
/** The name column: shown as the full name, sorted by last name then first name. */
export const NAME_SORT_FIELD = 'lastname';

export type ColumnSection = 'fixed' | 'custom' | 'flag' | 'group';

export interface ColumnDef {
  name: string;
  label: string;
  section: ColumnSection;
  /** The field type; flags and groups are yes/no values. */
  type: FieldType | 'boolean';
  options: readonly FieldOption[];
}

/** Member flags that can be shown as columns; labels come from the catalogue. */
export const FLAG_COLUMNS = ['active', 'site_admin'] as const;
export type FlagColumn = (typeof FLAG_COLUMNS)[number];

/**
 * The member number (`id`, the export's "Jäsennumero") and "Jäsen alkaen":
 * read-only member data, shown and sorted like the flags; labels come from the catalogue.
 */
export const MEMBERSHIP_COLUMNS = [
  { name: 'id', type: 'integer' },
  { name: 'member_since', type: 'date' },
] as const;
export type MembershipColumn = (typeof MEMBERSHIP_COLUMNS)[number]['name'];

/** The names are the name column; headings and passwords hold nothing to show. */
const NOT_A_COLUMN = new Set(['firstname', 'lastname']);

export function availableColumns(fields: readonly Field[], groups: readonly Group[], flagLabel: (flag: FlagColumn | MembershipColumn) => string): ColumnDef[] {
  const valueFields = fields.filter((f) => f.type !== 'heading' && f.type !== 'password' && !NOT_A_COLUMN.has(f.name));
  return [
    ...valueFields.filter((f) => f.fixed).map((f) => fieldColumn(f, 'fixed')),
    ...valueFields.filter((f) => !f.fixed).map((f) => fieldColumn(f, 'custom')),
    ...MEMBERSHIP_COLUMNS.map((c): ColumnDef => ({ name: c.name, label: flagLabel(c.name), section: 'flag', type: c.type, options: [] })),
    ...FLAG_COLUMNS.map((flag): ColumnDef => ({ name: flag, label: flagLabel(flag), section: 'flag', type: 'boolean', options: [] })),
    // 'everyone' holds every member: a column of "Kyllä" says nothing.
    ...groups
      .filter((g) => g.builtin !== 'everyone')
      .map((g): ColumnDef => ({ name: g.name, label: g.label, section: 'group', type: 'boolean', options: [] })),
  ];
}

const fieldColumn = (f: Field, section: ColumnSection): ColumnDef => ({ name: f.name, label: f.label, section, type: f.type, options: f.options });

/** The remembered choice, without columns that no longer exist; the default when nothing valid is stored. */
export function chosenColumns(stored: unknown, available: readonly ColumnDef[]): string[] {
  if (!Array.isArray(stored)) return DEFAULT_COLUMNS.filter((c) => available.some((a) => a.name === c));
  return stored.filter((c): c is string => typeof c === 'string' && available.some((a) => a.name === c));
}

export function storedPageSize(stored: unknown): number {
  return typeof stored === 'number' && (MEMBER_PAGE_SIZES as readonly number[]).includes(stored) ? stored : MEMBER_PAGE_SIZE_DEFAULT;
}

export interface Sort {
  field: string;
  dir: 'asc' | 'desc';
}

export const DEFAULT_SORT: Sort = { field: NAME_SORT_FIELD, dir: 'asc' };

/** The remembered sort when it is on a column still shown (or the name), else by name. */
export function storedSort(stored: unknown, columns: readonly string[]): Sort {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SORT;
  const { field, dir } = stored as Record<string, unknown>;
  if (typeof field !== 'string' || (dir !== 'asc' && dir !== 'desc')) return DEFAULT_SORT;
  if (field !== NAME_SORT_FIELD && !columns.includes(field)) return DEFAULT_SORT;
  return { field, dir };
}

/** The next sort after clicking a header: the same column turns around, another starts A–Ö. */
export function nextSort(current: Sort, field: string): Sort {
  return current.field === field ? { field, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { field, dir: 'asc' };
}

export interface CellTexts {
  yes: string;
  no: string;
}

/**
 * A value of the list (API form) as text: d.M.yyyy dates, decimal comma, Kyllä/Ei, 040 123 4567.
 * A component that shows a phone column calls usePhoneFormat (foreign numbers, phoneDisplay.ts).
 */
export function formatCell(column: Pick<ColumnDef, 'name' | 'type' | 'options'>, value: unknown, texts: CellTexts): string {
  // A consent reads "Kyllä (5.3.2026)", the date it was given, or "Ei".
  if (column.type === 'consent') return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${texts.yes} (${formatFinnishDate(value)})` : texts.no;
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (column.name === 'phone' && typeof value === 'string') return formatPhone(value);
  switch (column.type) {
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatFinnishDate(value) : String(value);
    case 'decimal':
      return typeof value === 'number' ? String(value).replace('.', ',') : String(value);
    case 'dropdown':
      return column.options.find((o) => o.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}
