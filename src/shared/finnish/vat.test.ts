import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { vatBreakdown, vatRatesOn } from './vat';

describe('vatRatesOn', () => {
  it('follows the rate changes of 1.9.2024 and 1.1.2026', () => {
    expect(vatRatesOn('2013-01-01')).toEqual([0, 10, 14, 24]);
    expect(vatRatesOn('2024-08-31')).toEqual([0, 10, 14, 24]);
    expect(vatRatesOn('2024-09-01')).toEqual([0, 10, 14, 25.5]);
    expect(vatRatesOn('2025-12-31')).toEqual([0, 10, 14, 25.5]);
    expect(vatRatesOn('2026-01-01')).toEqual([0, 10, 13.5, 25.5]);
    expect(vatRatesOn('2030-06-15')).toEqual([0, 10, 13.5, 25.5]);
  });

  it('throws RangeError for malformed dates and dates before the table', () => {
    expect(() => vatRatesOn('2012-12-31')).toThrow(RangeError);
    expect(() => vatRatesOn('1.9.2024')).toThrow(RangeError);
    expect(() => vatRatesOn('2024-02-30')).toThrow(RangeError);
  });
});

describe('vatBreakdown', () => {
  it('splits VAT-inclusive amounts per rate, ascending', () => {
    expect(
      vatBreakdown([
        { amountWithVatCents: 12550, vatPercent: 25.5 },
        { amountWithVatCents: 1100, vatPercent: 10 },
        { amountWithVatCents: 500, vatPercent: 0 },
        { amountWithVatCents: 11350, vatPercent: 13.5 },
        { amountWithVatCents: 2510, vatPercent: 25.5 },
      ]),
    ).toEqual([
      { vatPercent: 0, netCents: 500, vatCents: 0, grossCents: 500 },
      { vatPercent: 10, netCents: 1000, vatCents: 100, grossCents: 1100 },
      { vatPercent: 13.5, netCents: 10000, vatCents: 1350, grossCents: 11350 },
      { vatPercent: 25.5, netCents: 12000, vatCents: 3060, grossCents: 15060 },
    ]);
  });

  it('rounds to the nearest cent', () => {
    // 1,24 € at 24 %: VAT exactly 0,24 €. 1,00 € at 24 %: 19,35… → 19 cents. 0,70 € at 25,5 %: 14,22… → 14.
    expect(vatBreakdown([{ amountWithVatCents: 124, vatPercent: 24 }])[0]).toMatchObject({ vatCents: 24, netCents: 100 });
    expect(vatBreakdown([{ amountWithVatCents: 100, vatPercent: 24 }])[0]).toMatchObject({ vatCents: 19, netCents: 81 });
    expect(vatBreakdown([{ amountWithVatCents: 70, vatPercent: 25.5 }])[0]).toMatchObject({ vatCents: 14, netCents: 56 });
    expect(vatBreakdown([{ amountWithVatCents: 50, vatPercent: 24 }])[0]).toMatchObject({ vatCents: 10, netCents: 40 });
  });

  it('rounds exact halves away from zero, so credits mirror invoices', () => {
    // Real Finnish rates never produce an exact half cent; 100 % does.
    expect(vatBreakdown([{ amountWithVatCents: 1, vatPercent: 100 }])[0]).toMatchObject({ vatCents: 1, netCents: 0 });
    expect(vatBreakdown([{ amountWithVatCents: -1, vatPercent: 100 }])[0]).toMatchObject({ vatCents: -1, netCents: 0 });
    expect(vatBreakdown([{ amountWithVatCents: -100, vatPercent: 24 }])[0]).toMatchObject({ vatCents: -19, netCents: -81 });
  });

  it('returns nothing for no rows', () => {
    expect(vatBreakdown([])).toEqual([]);
  });

  it('throws RangeError for non-integer cents or impossible rates', () => {
    expect(() => vatBreakdown([{ amountWithVatCents: 1.5, vatPercent: 24 }])).toThrow(RangeError);
    expect(() => vatBreakdown([{ amountWithVatCents: 100, vatPercent: -1 }])).toThrow(RangeError);
    expect(() => vatBreakdown([{ amountWithVatCents: 100, vatPercent: Number.NaN }])).toThrow(RangeError);
  });

  it('always adds up to the gross (property)', () => {
    const row = fc.record({
      amountWithVatCents: fc.integer({ min: -10_000_000, max: 10_000_000 }),
      vatPercent: fc.constantFrom(0, 10, 13.5, 14, 24, 25.5),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const parts = vatBreakdown(rows);
        for (const p of parts) {
          const gross = rows
            .filter((r) => r.vatPercent === p.vatPercent)
            .reduce((sum, r) => sum + r.amountWithVatCents, 0);
          expect(p.grossCents).toBe(gross);
          expect(p.netCents + p.vatCents).toBe(p.grossCents);
        }
        const total = rows.reduce((sum, r) => sum + r.amountWithVatCents, 0);
        expect(parts.reduce((sum, p) => sum + p.netCents + p.vatCents, 0)).toBe(total);
      }),
    );
  });
});
