// Euro amounts as integer cents: parsing user input and formatting like
// Intl's fi-FI currency format ("1 234,50 €" with no-break spaces).

// Thousand separators people type or paste: space, no-break space (Intl's fi-FI
// choice), narrow no-break space (other locales' and older ICU's choice), thin space.
const SEPARATORS = /[ \u00a0\u202f\u2009]/g;
// Intl prints negatives with U+2212 MINUS SIGN; accept it next to the ASCII hyphen.
const MINUS = /^[-\u2212]/;
// A trailing euro sign, as formatAmount prints it, is tolerated so the output
// of formatAmount parses back.
const EURO_SUFFIX = /€$/;

function parseUnsigned(text: string): number | null {
  const compact = text.replace(EURO_SUFFIX, '').replace(SEPARATORS, '');
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Digits with an optional comma or dot and up to two decimals, converted to
 * cents; spaces and no-break spaces (thousand separators) and a trailing "€"
 * are ignored. No sign. Null for anything else.
 */
export function parseAmountCents(input: string): number | null {
  return parseUnsigned(input.trim());
}

/** As parseAmountCents, but a leading minus (ASCII or U+2212) is allowed: fake bank rows, corrections. */
export function parseSignedAmountCents(input: string): number | null {
  const text = input.trim();
  const negative = MINUS.test(text);
  const cents = parseUnsigned(negative ? text.slice(1) : text);
  if (cents === null) return null;
  return negative && cents !== 0 ? -cents : cents;
}

const FORMATTER = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' });

/** "1 234,50 €" exactly as Intl.NumberFormat('fi-FI', EUR) writes it. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be an integer');
  // Format an exact decimal string so large amounts never meet float rounding;
  // zero is made positive so it never prints as "−0,00 €".
  const abs = Math.abs(cents);
  const decimal = `${cents < 0 ? '-' : ''}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return FORMATTER.format(decimal as Intl.StringNumericLiteral);
}
