import { describe, expect, it } from 'vitest';
import { allowanceRatesOn, allowanceSourceOn, allowanceYearOn, kmAmountCents, perDiemFor, volunteerLimitsExceeded, VOLUNTEER_LIMITS } from './allowance';

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

describe('perDiemFor', () => {
  const kinds = (a: string, b: string) => perDiemFor(a, b).days.map((d) => d.kind);

  it('a day trip: nothing up to 6 h, partial over 6 h up to 10 h, full over 10 h', () => {
    expect(kinds('2026-03-02T08:00', '2026-03-02T14:00')).toEqual([]);
    expect(kinds('2026-03-02T08:00', '2026-03-02T14:01')).toEqual(['partial']);
    expect(kinds('2026-03-02T08:00', '2026-03-02T18:00')).toEqual(['partial']);
    expect(kinds('2026-03-02T08:00', '2026-03-02T18:01')).toEqual(['full']);
    expect(perDiemFor('2026-03-02T08:00', '2026-03-02T18:01').cents).toBe(5400);
    expect(perDiemFor('2026-03-02T08:00', '2026-03-02T14:01').cents).toBe(2500);
  });

  it('longer trips: a full one per whole 24 h, then partial from 2 h past and full over 6 h past', () => {
    expect(kinds('2026-03-02T08:00', '2026-03-03T08:00')).toEqual(['full']);
    expect(kinds('2026-03-02T08:00', '2026-03-03T09:59')).toEqual(['full']);
    expect(kinds('2026-03-02T08:00', '2026-03-03T10:00')).toEqual(['full', 'partial']);
    expect(kinds('2026-03-02T08:00', '2026-03-03T14:00')).toEqual(['full', 'partial']);
    expect(kinds('2026-03-02T08:00', '2026-03-03T14:01')).toEqual(['full', 'full']);
    expect(perDiemFor('2026-03-02T08:00', '2026-03-04T10:00')).toMatchObject({ full: 2, partial: 1, cents: 2 * 5400 + 2500, minutes: 50 * 60 });
  });

  it('pays each travel day at the rate of the year it starts in', () => {
    const trip = perDiemFor('2025-12-31T08:00', '2026-01-01T19:00');
    expect(trip.days).toEqual([
      { start: '2025-12-31T08:00', kind: 'full', cents: 5300, rateYear: 2025 },
      { start: '2026-01-01T08:00', kind: 'full', cents: 5400, rateYear: 2026 },
    ]);
    expect(perDiemFor('2025-12-31T20:00', '2026-01-01T07:00').days).toEqual([{ start: '2025-12-31T20:00', kind: 'full', cents: 5300, rateYear: 2025 }]);
  });

  it('refuses a return before the departure and malformed times', () => {
    expect(() => perDiemFor('2026-03-02T08:00', '2026-03-02T08:00')).toThrow(RangeError);
    expect(() => perDiemFor('2026-03-02T08:00', '2026-03-01T08:00')).toThrow(RangeError);
    expect(() => perDiemFor('2026-03-02 08:00', '2026-03-02T18:00')).toThrow(RangeError);
    expect(() => perDiemFor('2026-02-30T08:00', '2026-03-02T18:00')).toThrow(RangeError);
    expect(() => perDiemFor('2026-03-02T24:00', '2026-03-03T18:00')).toThrow(RangeError);
  });
});

describe('allowance sources and volunteer limits', () => {
  it('names the decision behind each year, the newest for later years', () => {
    expect(allowanceYearOn('2024-12-31')).toBe(2024);
    expect(allowanceYearOn('2030-01-01')).toBe(2026);
    expect(allowanceSourceOn('2025-05-01')).toContain('vuonna 2025');
  });

  it('warns past 20 per diem days or 3 000 € of kilometre allowances in a year', () => {
    expect(volunteerLimitsExceeded({ perDiemDays: 20, kmCents: 300_000 })).toEqual([]);
    expect(volunteerLimitsExceeded({ perDiemDays: 21, kmCents: 300_001 })).toEqual(['per_diem_days', 'km_amount']);
    expect(VOLUNTEER_LIMITS.source).toContain('71 §');
  });
});
