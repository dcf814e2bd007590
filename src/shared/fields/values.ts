// Imported file by file, not via finnish/index: the browser bundle must not pull in the barcode renderer.
import { OLDEST_DATE, formatFinnishDate, parseFinnishDate } from '../finnish/date';
import { passwordStrength, PASSWORD_MAX } from '../finnish/password';
import type { Field, FieldType, StoredValue } from './types';
import { normalizeEmail } from '../members/email';
import { isConsentGiven, parseConsent } from './consent';

// Parsing and validating one member value for a field, shared by the member form,
// the server, imports and type conversion, so a value is judged the same everywhere.

export type ParseResult = { ok: true; value: StoredValue } | { ok: false; key: string };

export type FieldShape = Pick<Field, 'type' | 'maxlength' | 'options' | 'params'>;

const EMPTY: StoredValue = { text: null, num: null };
const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;
// Deliberately simple: one @, something on both sides, a dot in the domain, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Characters outside the Basic Multilingual Plane (emoji etc.) need 4 bytes in UTF-8; field values refuse them. */
export function hasFourByteChars(s: string): boolean {
  return /[\u{10000}-\u{10FFFF}]/u.test(s);
}

export function isEmptyInput(input: unknown): boolean {
  return input === null || input === undefined || input === false || (typeof input === 'string' && input.trim() === '');
}

const ok = (value: StoredValue): ParseResult => ({ ok: true, value });
const fail = (key: string): ParseResult => ({ ok: false, key });

function inBounds(n: number, field: FieldShape): ParseResult | null {
  if (field.params.max !== undefined && n > field.params.max) return fail('value_too_large');
  if (field.params.min !== undefined && n < field.params.min) return fail('value_too_small');
  return null;
}

/** Parses a number typed with a comma or a point, with spaces (also NBSP) as thousand separators. */
export function parseDecimalText(input: string): number | null {
  const s = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^\u2212/, '-').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : null;
}

/**
 * Validates `input` for `field` and returns its stored form. Empty input is valid
 * (null); whether the field is required is the caller's rule (visibility 3).
 */
export function parseFieldValue(field: FieldShape, input: unknown, opts: { today?: string } = {}): ParseResult {
  if (field.type === 'heading') return isEmptyInput(input) ? ok(EMPTY) : fail('_validation_invalid');
  if (isEmptyInput(input)) return ok(EMPTY);
  // `today` (ISO) lets the server refuse a consent dated in the future.
  if (field.type === 'consent') return parseConsent(input, opts.today);

  if (field.type === 'checkbox') {
    if (input === true || input === 1 || input === '1' || input === 'true') return ok({ text: null, num: 1 });
    if (input === 0 || input === '0' || input === 'false') return ok(EMPTY);
    return fail('_validation_invalid');
  }

  const raw = typeof input === 'number' ? String(input) : input;
  if (typeof raw !== 'string') return fail('_validation_invalid');
  if (hasFourByteChars(raw)) return fail('_validation_unsupported_characters');
  const text = field.type === 'textarea' || field.type === 'password' ? raw : raw.trim();

  switch (field.type) {
    case 'text':
    case 'textarea':
      if (text.length > field.maxlength) return fail('_validation_too_long');
      return ok({ text, num: null });
    case 'email': {
      const email = normalizeEmail(text);
      if (email.length > field.maxlength) return fail('_validation_too_long');
      return EMAIL_RE.test(email) ? ok({ text: email, num: null }) : fail('_validation_invalid_email');
    }
    case 'dropdown':
      return field.options.some((o) => o.value === text) ? ok({ text, num: null }) : fail('_validation_invalid_choice');
    case 'integer': {
      if (!/^[-\u2212]?\d+$/.test(text.replace(/[\s\u00a0\u202f]/g, ''))) return fail('_validation_integer_invalid');
      const n = parseDecimalText(text)!;
      if (n > INT_MAX) return fail('_validation_integer_too_large');
      if (n < INT_MIN) return fail('_validation_integer_too_small');
      return inBounds(n, field) ?? ok({ text: null, num: n });
    }
    case 'decimal': {
      const n = parseDecimalText(text);
      if (n === null || text.length > 14) return fail('_validation_decimal_invalid');
      const decimals = field.params.decimals ?? 2;
      const rounded = Math.round(n * 10 ** decimals) / 10 ** decimals;
      if (rounded !== n) return fail('_validation_decimal_invalid');
      return inBounds(n, field) ?? ok({ text: null, num: n });
    }
    case 'date': {
      // The API speaks ISO; people type d.M.yyyy, or 24121990 / 24 12 1990 on a phone's
      // number pad. All must be real dates on or after 1.1.1901.
      const iso = parseFinnishDate(text);
      if (!iso || iso < OLDEST_DATE) return fail('_validation_date_invalid');
      return ok({ text: iso, num: null });
    }
    case 'password':
      if (text.length > PASSWORD_MAX) return fail('_validation_too_long');
      return passwordStrength(text) > 0 ? ok({ text, num: null }) : fail('insufficient_password_strength');
  }
}

/** The value as a person would type it (d.M.yyyy, decimal comma): used in forms, exports and type conversion. */
export function valueToText(type: FieldType, v: StoredValue): string {
  switch (type) {
    case 'integer':
      return v.num === null ? '' : String(v.num);
    case 'decimal':
      return v.num === null ? '' : String(v.num).replace('.', ',');
    case 'checkbox':
      return v.num === 1 ? '1' : '';
    case 'date':
      return v.text ? formatFinnishDate(v.text) : '';
    case 'consent':
      // A consent not yet dated by the server reads as the yes it was given as.
      return v.text ? formatFinnishDate(v.text) : isConsentGiven(v) ? 'Kyllä' : '';
    case 'password':
    case 'heading':
      return '';
    default:
      return v.text ?? '';
  }
}

export function isEmptyValue(v: StoredValue): boolean {
  return v.text === null && v.num === null;
}

/**
 * Converts a stored value when a field changes type. Null means it does not convert,
 * and the type change must be refused. Password values never convert (they are hashes).
 */
export function convertValue(from: FieldShape, to: FieldShape, v: StoredValue): StoredValue | null {
  if (isEmptyValue(v)) return v;
  if (from.type === 'password' || to.type === 'password' || to.type === 'heading') return null;
  const result = parseFieldValue(to, valueToText(from.type, v));
  // A consent needs its date: a "yes" of another type (a checkbox) does not say when it was given.
  if (result.ok && to.type === 'consent' && isConsentGiven(result.value)) return null;
  return result.ok ? result.value : null;
}
