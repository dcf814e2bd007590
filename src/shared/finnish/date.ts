// Finnish date notation (d.M.yyyy) to and from ISO YYYY-MM-DD. Dates are plain
// calendar dates: no time zone is involved, so no Date object is needed.

/** The oldest supported date is 1.1.1901. */
export const OLDEST_DATE = '1901-01-01';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the parts name a real calendar day. */
export function isRealDate({ year, month, day }: CalendarDate): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Parses a strict ISO `YYYY-MM-DD` calendar date; null if malformed or impossible. */
export function parseIsoDate(iso: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(date) ? date : null;
}

/** Formats parts as ISO `YYYY-MM-DD`. */
export function toIsoDate({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

// Ways people type a date: d.M.yyyy, and — because a phone's number pad
// has no dot — the same with spaces or dashes, or as eight bare digits (24121990).
const DAY_MONTH_YEAR = /^(\d{1,2})(?:\s*[.-]\s*|\s+)(\d{1,2})(?:\s*[.-]\s*|\s+)(\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * Reads a typed date into ISO: `24.12.1990`, `24 12 1990`, `24-12-1990`, `24121990`
 * (leading zeros optional where there are separators) or ISO `1990-12-24`. Null for
 * anything else, impossible dates (31.2.) and dates before 1.1.1901.
 */
export function parseFinnishDate(input: string): string | null {
  const text = input.trim();
  const iso = parseIsoDate(text);
  if (iso) return text < OLDEST_DATE ? null : text;
  const m = DAY_MONTH_YEAR.exec(text) ?? DIGITS_ONLY.exec(text);
  if (!m) return null;
  const date = { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  if (!isRealDate(date)) return null;
  const result = toIsoDate(date);
  // ISO strings of equal length compare in calendar order.
  return result < OLDEST_DATE ? null : result;
}

/** ISO `YYYY-MM-DD` to Finnish `d.M.yyyy` without leading zeros: "5.3.2026". */
export function formatFinnishDate(iso: string): string {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not an ISO date: ${iso}`);
  return `${String(date.day)}.${String(date.month)}.${String(date.year)}`;
}

/** An ISO timestamp (UTC) as "5.3.2026 klo 14.05" Helsinki time. */
export function formatFinnishDateTime(iso: string, klo = 'klo'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Helsinki',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const n = (type: Intl.DateTimeFormatPartTypes) => String(Number(part(type)));
  return `${n('day')}.${n('month')}.${part('year')} ${klo} ${n('hour')}.${part('minute')}`;
}
