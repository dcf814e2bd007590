import { OLDEST_DATE, parseFinnishDate } from '../finnish/date';
import { groupCellValue } from '../import/cells';
import type { StoredValue } from './types';

// A consent field records that a member agreed to some optional processing (photos on
// the website, a newsletter) and when. The stored value is that date (ISO, in value_text);
// no value means no consent. People and forms say "yes" rather than a date: such a value
// is parsed as CONSENT_GIVEN, and the writer dates it (resolveConsent), because only the
// server knows today and whether the member had already consented.

/** "Given, date it": num 1 without text. Never stored; resolveConsent replaces it. */
export const CONSENT_GIVEN: StoredValue = { text: null, num: 1 };
const NONE: StoredValue = { text: null, num: null };

export type ConsentParse = { ok: true; value: StoredValue } | { ok: false; key: string };

export const isConsentGiven = (v: StoredValue | undefined): boolean => v !== undefined && v.text === null && v.num === 1;

/**
 * Reads a consent: true / 1 / a yes-word (Kyllä, x…) gives it, false / 0 / a no-word withdraws,
 * a date (ISO or d.M.yyyy) records one given then, e.g. on paper. With `today` (ISO), a
 * date after it is refused. Empty input is the caller's (parseFieldValue's) business.
 */
export function parseConsent(input: unknown, today?: string): ConsentParse {
  if (input === true || input === 1) return { ok: true, value: CONSENT_GIVEN };
  if (input === 0) return { ok: true, value: NONE };
  if (typeof input !== 'string') return { ok: false, key: '_validation_invalid' };
  const word = groupCellValue(input);
  if (word === true) return { ok: true, value: CONSENT_GIVEN };
  if (word === false || word === null) return { ok: true, value: NONE };
  const iso = parseFinnishDate(input);
  if (!iso || iso < OLDEST_DATE) return { ok: false, key: '_validation_date_invalid' };
  if (today !== undefined && iso > today) return { ok: false, key: 'consent_date_in_future' };
  return { ok: true, value: { text: iso, num: null } };
}

/**
 * The value to store: a consent given now keeps the date of a consent the member had
 * already given, else it is dated `today` (ISO, Helsinki); other values stay as they are.
 */
export function resolveConsent(v: StoredValue, before: StoredValue | undefined, today: string): StoredValue {
  if (!isConsentGiven(v)) return v;
  return before?.text ? { text: before.text, num: null } : { text: today, num: null };
}
