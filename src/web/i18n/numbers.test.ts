import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

// formatNumber must write exactly what Intl.NumberFormat writes (Node has the full ICU data).

describe('formatNumber', () => {
  const locales = ['fi', 'sv', 'en', 'fi-FI', 'sv-FI', 'en-GB'];

  it.each(locales)('writes whole numbers as Intl does in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale);
    for (const n of [0, -0, 1, 7, 12, 999, 1000, 1001, 9999, 10_000, 100_000, 123_456, 1_000_000, -1, -999, -1000, -1_234_567, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect({ n, text: formatNumber(n, locale) }).toEqual({ n, text: intl.format(n) });
    }
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => formatNumber(n, locale) === intl.format(n)));
  });

  it('gives fractions, huge numbers and other locales to Intl', () => {
    expect(formatNumber(1234.5, 'fi')).toBe(new Intl.NumberFormat('fi').format(1234.5));
    expect(formatNumber(2 ** 60, 'en')).toBe(new Intl.NumberFormat('en').format(2 ** 60));
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatNumber(Number.NaN, 'fi')).toBe(new Intl.NumberFormat('fi').format(Number.NaN));
  });
});
