import { describe, expect, it } from 'vitest';
import { allowanceRatesOn, kmAmountCents } from './allowance';

describe('allowanceRatesOn', () => {
  it('returns Verohallinto rates of the year', () => {
    expect(allowanceRatesOn('2024-01-01')).toEqual({ perDiemFullCents: 5100, perDiemPartialCents: 2400, kmCarCents: 57 });
    expect(allowanceRatesOn('2024-12-31')).toEqual({ perDiemFullCents: 5100, perDiemPartialCents: 2400, kmCarCents: 57 });
    expect(allowanceRatesOn('2025-06-15')).toEqual({ perDiemFullCents: 5300, perDiemPartialCents: 2400, kmCarCents: 59 });
    expect(allowanceRatesOn('2026-01-01')).toEqual({ perDiemFullCents: 5400, perDiemPartialCents: 2500, kmCarCents: 55 });
    expect(allowanceRatesOn('2023-03-01')).toEqual({ perDiemFullCents: 4800, perDiemPartialCents: 2200, kmCarCents: 53 });
    expect(allowanceRatesOn('2022-03-01')).toEqual({ perDiemFullCents: 4500, perDiemPartialCents: 2000, kmCarCents: 46 });
  });

  it('keeps the newest rates for later years until a new decision is added', () => {
    expect(allowanceRatesOn('2031-05-05')).toEqual(allowanceRatesOn('2026-01-01'));
  });

  it('returns a copy the caller may change', () => {
    const rates = allowanceRatesOn('2025-01-01');
    rates.kmCarCents = 0;
    expect(allowanceRatesOn('2025-01-01').kmCarCents).toBe(59);
  });

  it('throws RangeError before the table and for malformed dates', () => {
    expect(() => allowanceRatesOn('2021-12-31')).toThrow(RangeError);
    expect(() => allowanceRatesOn('1.1.2025')).toThrow(RangeError);
  });
});

describe('kmAmountCents', () => {
  it('multiplies kilometres by the unit price', () => {
    expect(kmAmountCents(100, 59)).toBe(5900);
    expect(kmAmountCents('100', 57)).toBe(5700);
    expect(kmAmountCents('12,5', 59)).toBe(738); // 737,5 rounds up
    expect(kmAmountCents('12.4', 55)).toBe(682);
    expect(kmAmountCents(' 0,1 ', 55)).toBe(6); // 5,5 rounds up
    expect(kmAmountCents(0.01, 59)).toBe(1);
    expect(kmAmountCents('0', 59)).toBe(0);
    expect(kmAmountCents(12.345, 100)).toBe(1235); // exact decimal, no float drift
  });

  it('throws RangeError for bad kilometres or unit prices', () => {
    expect(() => kmAmountCents('abc', 59)).toThrow(RangeError);
    expect(() => kmAmountCents('-5', 59)).toThrow(RangeError);
    expect(() => kmAmountCents(-5, 59)).toThrow(RangeError);
    expect(() => kmAmountCents('1,2,3', 59)).toThrow(RangeError);
    expect(() => kmAmountCents('', 59)).toThrow(RangeError);
    expect(() => kmAmountCents(Number.NaN, 59)).toThrow(RangeError);
    expect(() => kmAmountCents(1e21, 59)).toThrow(RangeError);
    expect(() => kmAmountCents(10, 5.5)).toThrow(RangeError);
    expect(() => kmAmountCents(10, -1)).toThrow(RangeError);
  });
});
