// Finnish national payment reference (kotimainen viitenumero), per Finanssiala's
// "Kotimaisen viitteen rakenne": base digits + one check digit computed with the
// repeating weights 7, 3, 1 starting from the rightmost base digit.

const WEIGHTS: readonly number[] = [7, 3, 1];

/** Strips the spaces people type or print between digit groups. */
export function compactReference(input: string): string {
  return input.replace(/\s+/g, '');
}

/** The 7-3-1 check digit of a digit string (no validation of the input). */
export function referenceCheckDigit(base: string): number {
  let sum = 0;
  Array.from(base).reverse().forEach((ch, i) => {
    sum += Number(ch) * (WEIGHTS[i % 3] ?? 0);
  });
  return (10 - (sum % 10)) % 10;
}

/** Appends the check digit to a 3–19 digit base; spaces in the base are ignored. */
export function createReference(base: string): string {
  const digits = compactReference(base);
  if (!/^\d{3,19}$/.test(digits)) {
    throw new RangeError('Reference base must be 3–19 digits');
  }
  return digits + String(referenceCheckDigit(digits));
}

/** True for 4–20 digits (spaces ignored) whose last digit is the correct check digit. */
export function isValidReference(ref: string): boolean {
  const digits = compactReference(ref);
  if (!/^\d{4,20}$/.test(digits)) return false;
  return referenceCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** Groups the digits in fives counted from the right, as printed on invoices: "12 34561". */
export function formatReference(ref: string): string {
  const digits = compactReference(ref);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 5) {
    groups.unshift(digits.slice(Math.max(0, end - 5), end));
  }
  return groups.join(' ');
}
