import { describe, expect, it } from 'vitest';
import { parseKm, priceItems } from './pricing';

// Pricing on the server: km at the rate of the travel date, per diems by trip length, the
// typed text parsed with a decimal comma.

const TODAY = '2026-06-15';
const km = (date: string, kmText: string) => ({ type: 'km' as const, date, location: 'A–B', vehicle: '', km: kmText, description: '' });
const trip = (started_at: string, returned_at: string) => ({ type: 'per_diem' as const, started_at, returned_at, location: 'X', description: '' });

describe('expense item pricing', () => {
  it('prices km at the year of the date: 0,59 € on 31.12.2025, 0,55 € on 1.1.2026', () => {
    const r = priceItems([km('2025-12-31', '10'), km('2026-01-01', '10'), km('2026-01-01', '0,5')], TODAY);
    expect(r.errors).toEqual({});
    expect(r.items.map((i) => [i.amount_c, i.km_price_c, i.rate_year, i.km])).toEqual([
      [590, 59, 2025, '10'],
      [550, 55, 2026, '10'],
      [28, 55, 2026, '0.5'],
    ]);
  });

  it('pays per diems by the thresholds: 6 h nothing, 6 h 01 partial, 10 h partial, 10 h 01 full', () => {
    const r = priceItems([trip('2026-03-02T08:00', '2026-03-02T18:00'), trip('2026-03-02T08:00', '2026-03-02T18:01'), trip('2026-03-02T08:00', '2026-03-02T14:01')], TODAY);
    expect(r.errors).toEqual({});
    expect(r.items.map((i) => [i.amount_c, i.per_diem_full, i.per_diem_partial])).toEqual([
      [2500, 0, 1],
      [5400, 1, 0],
      [2500, 0, 1],
    ]);
    expect(priceItems([trip('2026-03-02T08:00', '2026-03-02T14:00')], TODAY).errors).toEqual({ 'items.0.returned_at': ['expense_per_diem_too_short'] });
  });

  it('pays each travel day of a trip over new year at the rate of the year it starts in', () => {
    // 31.12.2025 12:00 → 2.1.2026 12:00: a 2025 day (53 €) and a 2026 day (54 €).
    const r = priceItems([trip('2025-12-31T12:00', '2026-01-02T12:00')], TODAY);
    expect(r.items[0]).toMatchObject({ amount_c: 5300 + 5400, per_diem_full: 2, rate_year: 2025, date: '2025-12-31' });
  });

  it('parses kilometres with a comma or a point, positive and at most the maximum', () => {
    expect(['123,4', '123.4', ' 12 ', '0,001', '10000'].map(parseKm)).toEqual(['123.4', '123.4', '12', '0.001', '10000']);
    expect(['0', '-1', '1,2,3', 'abc', '10000,1', ''].map(parseKm)).toEqual([null, null, null, null, null, null]);
  });

  it('refuses future dates, dates before the rules and receipt amounts out of range', () => {
    const r = priceItems(
      [
        { type: 'receipt', date: '2026-06-16', amount: '0', description: 'x', receipt_id: 1 },
        km('2021-12-31', '1'),
        trip('2026-06-15T08:00', '2026-06-16T08:00'),
        { type: 'receipt', date: '2026-01-01', amount: '100 000,01', description: 'x', receipt_id: 1 },
      ],
      TODAY,
    );
    expect(r.errors).toEqual({
      'items.0.amount': ['expense_invalid_amount'],
      'items.0.date': ['expense_date_in_future'],
      'items.1.date': ['expense_rate_unknown'],
      'items.2.returned_at': ['expense_date_in_future'],
      'items.3.amount': ['expense_invalid_amount'],
    });
  });
});
