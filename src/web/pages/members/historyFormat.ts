import { formatFinnishDate, formatFinnishDateTime, parseIsoDate } from '../../../shared/finnish/date';
import { formatFinnishMobile } from '../../../shared/finnish/phone';
import type { Field } from '../../../shared/fields/types';

// Texts of member history: times as d.M.yyyy klo H.mm in
// Europe/Helsinki, yes/no for booleans, phone numbers as people write them.

/** An ISO timestamp (UTC) as "5.3.2026 klo 14.05" Helsinki time (shared with server mails). */
export const formatDateTime = formatFinnishDateTime;

export interface ValueTexts {
  yes: string;
  no: string;
  empty: string;
  klo: string;
}

/** The register's field by name, for values stored as codes (dropdowns). */
export type FieldOf = (name: string) => Pick<Field, 'type' | 'options'> | undefined;

/** One old or new value of a history entry as text; a dropdown's stored value as its label. */
export function historyValue(field: string, value: unknown, texts: ValueTexts, fieldOf?: FieldOf): string {
  if (value === null || value === undefined || value === '') return texts.empty;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  const f = fieldOf?.(field);
  // A checkbox's change is stored as its number (1/0).
  if (f?.type === 'checkbox' && (value === 1 || value === 0 || value === '1' || value === '0')) return Number(value) === 1 ? texts.yes : texts.no;
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value !== 'string') return JSON.stringify(value);
  if (f?.type === 'dropdown') return f.options.find((o) => o.value === value)?.label ?? value;
  if (field === 'phone' || field.startsWith('phone')) return formatFinnishMobile(value);
  if (parseIsoDate(value)) return formatFinnishDate(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value, texts.klo);
  return value;
}
