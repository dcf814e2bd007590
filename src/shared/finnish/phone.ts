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
  return phone?.countryCallingCode === '358' && finnishProblem(phone) === null ? phone.number : null;
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
  return finnishProblem(phone);
}

/** finnishMobileProblem of a parsed number with Finland's calling code. */
function finnishProblem(phone: PhoneNumber): null | 'length' | 'prefix' {
  if (phone.isValid() && phone.getType() === 'MOBILE') return null;
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

/** A member's phone as read: its E.164 form, or why it is not a valid member mobile. */
export type MemberPhone = { number: string; problem: null } | { number: null; problem: 'format' | 'length' | 'prefix' };

/**
 * A member's mobile number read with one parse (an import reads 10 000; parsing the same text
 * once for the problem and again for the number cost half a second of it): a Finnish mobile
 * written in any common way, or a foreign mobile written with its country code (+46 70 123 45
 * 67, +372…, 0041…). Problems as finnishMobileProblem for Finnish numbers (format, length,
 * operator prefix); for foreign ones 'length' for a wrong length and 'prefix' for landlines
 * and unknown ranges.
 */
export function readMemberPhone(input: string): MemberPhone {
  const text = input.trim();
  if (!WRITTEN_FORM.test(text)) return { number: null, problem: 'format' };
  const phone = parsePhoneNumberFromString(text, 'FI');
  if (!phone) return { number: null, problem: 'prefix' };
  if (phone.countryCallingCode === '358') {
    const problem = finnishProblem(phone);
    return problem ? { number: null, problem } : { number: phone.number, problem: null };
  }
  if (phone.isValid()) {
    const type = phone.getType();
    // Some numbering plans (USA, Canada…) do not tell mobiles from landlines.
    if (type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE') return { number: phone.number, problem: null };
  }
  const length = validatePhoneNumberLength(text, 'FI');
  return { number: null, problem: length === 'TOO_SHORT' || length === 'TOO_LONG' || length === 'INVALID_LENGTH' ? 'length' : 'prefix' };
}

/** E.164 form of a member's mobile number (readMemberPhone), null for anything else. */
export function normalizeMemberPhone(input: string): string | null {
  return readMemberPhone(input).number;
}

/** Why a number is not a valid member mobile (readMemberPhone), or null when it is one. */
export function memberPhoneProblem(input: string): null | 'format' | 'length' | 'prefix' {
  return readMemberPhone(input).problem;
}
