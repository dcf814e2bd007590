// Finnish mobile numbers, via libphonenumber-js with the "max" metadata (the
// only one that can tell mobile ranges from landlines). A member's phone may also
// be a foreign mobile; SMS still goes to Finnish mobiles only.

import { parsePhoneNumberFromString, type PhoneNumber, validatePhoneNumberLength } from 'libphonenumber-js/max';
import { formatFinnishNational } from './phone-national';

// Characters people use when writing a number; anything else is not a phone number.
const WRITTEN_FORM = /^\+?[\d\s().\-/]+$/;

/**
 * E.164 form ("+358401234567") of a Finnish mobile number written in any common
 * way (040 123 4567, +358 40 1234567, 00358…, with dashes or brackets); null
 * for landlines, service numbers, foreign and malformed numbers.
 */
export function normalizeFinnishMobile(input: string): string | null {
  const text = input.trim();
  if (!WRITTEN_FORM.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, 'FI');
  if (phone?.countryCallingCode !== '358' || !phone.isValid()) return null;
  return phone.getType() === 'MOBILE' ? phone.number : null;
}

/** True when normalizeFinnishMobile accepts the input. */
export function isFinnishMobile(input: string): boolean {
  return normalizeFinnishMobile(input) !== null;
}

/** Why a number is not a Finnish mobile (format, length, operator prefix), or null when it is one. */
export function finnishMobileProblem(input: string): null | 'format' | 'length' | 'prefix' {
  const text = input.trim();
  if (!WRITTEN_FORM.test(text)) return 'format';
  const phone = parsePhoneNumberFromString(text, 'FI');
  if (!phone || phone.countryCallingCode !== '358') return 'prefix';
  if (normalizeFinnishMobile(text)) return null;
  // Finnish mobile ranges start 04x or 050: with such a start, only the length can be wrong.
  return /^0?(4|50)/.test(phone.nationalNumber) ? 'length' : 'prefix';
}

/**
 * A stored number as people write it: a Finnish mobile nationally ("+358401234567" →
 * "040 123 4567"), a foreign number internationally ("+46701234567" → "+46 70 123 45 67").
 * Other input comes back unchanged.
 */
export function formatFinnishMobile(e164: string): string {
  const national = formatFinnishNational(e164);
  if (national !== null) return national;
  if (!e164.startsWith('+') || e164.startsWith('+358')) return e164;
  const phone = parsePhoneNumberFromString(e164);
  return phone?.isValid() ? phone.formatInternational() : e164;
}

/** A valid foreign mobile (written with its country code: +46…, 0046…), else null. */
function foreignMobile(text: string): PhoneNumber | null {
  if (!WRITTEN_FORM.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, 'FI');
  if (!phone || phone.countryCallingCode === '358' || !phone.isValid()) return null;
  const type = phone.getType();
  // Some numbering plans (USA, Canada…) do not tell mobiles from landlines.
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? phone : null;
}

/**
 * E.164 form of a member's mobile number: a Finnish mobile written in any
 * common way, or a foreign mobile written with its country code (+46 70 123 45 67,
 * +372…, 0041…). Null for landlines, service numbers and malformed input.
 */
export function normalizeMemberPhone(input: string): string | null {
  return normalizeFinnishMobile(input) ?? foreignMobile(input.trim())?.number ?? null;
}

/**
 * Why a number is not a valid member mobile, or null when it is one: Finnish numbers
 * as finnishMobileProblem (format, length, operator prefix); foreign numbers 'length'
 * for a wrong length and 'prefix' for landlines and unknown ranges.
 */
export function memberPhoneProblem(input: string): null | 'format' | 'length' | 'prefix' {
  const text = input.trim();
  if (!WRITTEN_FORM.test(text)) return 'format';
  const phone = parsePhoneNumberFromString(text, 'FI');
  if (!phone || phone.countryCallingCode === '358') return finnishMobileProblem(text);
  if (foreignMobile(text)) return null;
  const length = validatePhoneNumberLength(text, 'FI');
  return length === 'TOO_SHORT' || length === 'TOO_LONG' || length === 'INVALID_LENGTH' ? 'length' : 'prefix';
}
