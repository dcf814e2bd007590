import fs from 'node:fs';
import path from 'node:path';
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

describe('the pages', () => {
  it('write counts through formatNumber, in the UI language, not with a formatter of their own', () => {
    // A page that makes `new Intl.NumberFormat('fi-FI')` writes Finnish digits to a Swedish or
    // English user and pays Intl's set-up on its first render. Per cent with a decimal is the
    // one kept, a single shared formatter.
    const root = path.resolve(import.meta.dirname, '..');
    const own = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('new Intl.NumberFormat('))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(own).toEqual(['i18n/numbers.ts', 'pages/updreqs/updreqLabels.ts']);
  });
});
