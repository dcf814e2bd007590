// IBAN handling on top of ibantools (country lengths and mod 97), plus the
// Finnish BIC lookup that ibantools does not know.

import { getCountrySpecifications, isValidIBAN } from 'ibantools';
import { bicForFinnishBban } from './bank-codes';

/** Uppercase, all whitespace removed: the electronic form ("FI7944052020036082"). */
export function compactIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Uppercases, strips spaces and groups in fours: "FI79 4405 2020 0360 82". */
export function normalizeIban(input: string): string {
  return compactIban(input).replace(/(.{4})(?=.)/g, '$1 ');
}

export type IbanError = 'wrong_length' | 'unknown_country' | 'invalid_checksum';

/**
 * Null for a valid IBAN, otherwise the first problem found: an unknown country
 * code, a length that does not match the country, or a failed check. Characters
 * that the country's format does not allow are reported as 'invalid_checksum'
 * as well: both mean "this is not a real account number".
 */
export function validateIban(input: string): IbanError | null {
  const iban = compactIban(input);
  if (iban.length < 2) return 'wrong_length';
  const spec = getCountrySpecifications()[iban.slice(0, 2)];
  if (!spec?.chars) return 'unknown_country';
  if (iban.length !== spec.chars) return 'wrong_length';
  return isValidIBAN(iban) ? null : 'invalid_checksum';
}

/** BIC of a valid Finnish IBAN from Finanssiala's bank-code table; null otherwise. */
export function finnishBic(iban: string): string | null {
  const compact = compactIban(iban);
  if (!compact.startsWith('FI') || validateIban(compact) !== null) return null;
  return bicForFinnishBban(compact.slice(4));
}
