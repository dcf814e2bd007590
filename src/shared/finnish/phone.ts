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
