// Finnish mobile numbers, via libphonenumber-js with the "max" metadata (the
// only one that can tell mobile ranges from landlines).

import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

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

/** Why a number is not a Finnish mobile (spec §5: format, length, operator prefix), or null when it is one. */
export function finnishMobileProblem(input: string): null | 'format' | 'length' | 'prefix' {
  const text = input.trim();
  if (!WRITTEN_FORM.test(text)) return 'format';
  const phone = parsePhoneNumberFromString(text, 'FI');
  if (!phone || phone.countryCallingCode !== '358') return 'prefix';
  if (normalizeFinnishMobile(text)) return null;
  // Finnish mobile ranges start 04x or 050: with such a start, only the length can be wrong.
  return /^0?(4|50)/.test(phone.nationalNumber) ? 'length' : 'prefix';
}

/** E.164 Finnish mobile as people write it: "+358401234567" → "040 123 4567". Other input comes back unchanged. */
export function formatFinnishMobile(e164: string): string {
  const m = /^\+358(\d{2})(\d{3})(\d{2,5})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : e164;
}
