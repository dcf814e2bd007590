// ISO 11649 creditor reference ("RF reference"). Finanssiala builds it from a
// valid Finnish reference: RF + two check digits + the Finnish reference.
// The check uses ISO 7064 mod 97-10, like IBAN: move "RF" + check digits to the
// end, turn letters into numbers (A = 10 … Z = 35) and require remainder 1.

import { compactReference, isValidReference } from './reference';

/** Remainder of a long digit string modulo 97, computed piecewise to stay exact. */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) {
    rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  }
  return rest;
}

/** Letters to their ISO 7064 numbers, digits unchanged. */
function lettersToDigits(text: string): string {
  return text.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
}

/** Uppercases and strips whitespace: the electronic form. */
export function compactRfReference(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Builds the electronic RF form ("RF332348236") from a valid Finnish reference. */
export function createRfReference(finnishRef: string): string {
  if (!isValidReference(finnishRef)) {
    throw new RangeError('RF reference must be built from a valid Finnish reference');
  }
  const body = compactReference(finnishRef);
  const check = 98 - mod97(lettersToDigits(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** ISO 11649: "RF", two check digits, 1–21 alphanumerics; mod 97 must give 1. Spaces and case ignored. */
export function isValidRfReference(ref: string): boolean {
  const compact = compactRfReference(ref);
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  return mod97(lettersToDigits(rearranged)) === 1;
}

/** Groups the electronic form in fours from the left: "RF33 2348 236". */
export function formatRfReference(ref: string): string {
  return compactRfReference(ref).replace(/(.{4})(?=.)/g, '$1 ');
}
