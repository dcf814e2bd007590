// Finnish business id (Y-tunnus): seven digits, a hyphen and a check digit.
// Check: weights 7, 9, 10, 5, 8, 4, 2; remainder 0 gives 0, remainder 1 is
// never issued, otherwise the check digit is 11 − remainder.

const WEIGHTS: readonly number[] = [7, 9, 10, 5, 8, 4, 2];

function checkDigit(base: string): number | null {
  let sum = 0;
  Array.from(base).forEach((ch, i) => {
    sum += Number(ch) * (WEIGHTS[i] ?? 0);
  });
  const rest = sum % 11;
  if (rest === 1) return null;
  return rest === 0 ? 0 : 11 - rest;
}

/**
 * The canonical `NNNNNNN-N` form, or null if invalid. Old ids written with a
 * six-digit base (leading zero left out) get the zero back.
 */
export function normalizeBusinessId(id: string): string | null {
  const m = /^(\d{6,7})-(\d)$/.exec(id.trim());
  const [, digits, check] = m ?? [];
  if (digits === undefined || check === undefined) return null;
  const base = digits.padStart(7, '0');
  return checkDigit(base) === Number(check) ? `${base}-${check}` : null;
}

/** True for a well-formed business id with a correct check digit. */
export function isValidBusinessId(id: string): boolean {
  return normalizeBusinessId(id) !== null;
}

/** EU VAT number of a Finnish business: "FI" + the eight digits ("0112038-9" → "FI01120389"). */
export function businessIdToVatId(id: string): string {
  const normalized = normalizeBusinessId(id);
  if (!normalized) throw new RangeError(`Invalid business id: ${id}`);
  return `FI${normalized.replace('-', '')}`;
}
