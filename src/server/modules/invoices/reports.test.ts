import { describe, expect, it } from 'vitest';
import { actionDay, instanceVat, sumVat, yearPeriod } from './reports';

// The reports' small pure rules: a document's VAT with its sign, per-rate sums, the day an
// action counts from, and the default period.

describe('invoice report rules', () => {
  const rows = [
    { amount_c: 2500, vat_percent: 0 },
    { amount_c: 1240, vat_percent: 25.5 },
  ];

  it("splits an invoice's VAT from its invoice's rows, per rate", () => {
    expect(instanceVat({ rows: null, amount_c: 3740 }, rows)).toEqual([
      { vat_percent: 0, net_c: 2500, vat_c: 0, gross_c: 2500 },
      { vat_percent: 25.5, net_c: 988, vat_c: 252, gross_c: 1240 },
    ]);
  });

  it("gives a credit invoice its own rows with the document's sign, however they are stored, and no line for zero rows", () => {
    const negative = JSON.stringify([{ amount_c: -400, vat_percent: 13.5 }, { amount_c: 0, vat_percent: 0 }]);
    const positive = JSON.stringify([{ amount_c: 400, vat_percent: 13.5 }]);
    const expected = [{ vat_percent: 13.5, net_c: -352, vat_c: -48, gross_c: -400 }];
    expect(instanceVat({ rows: negative, amount_c: -400 }, rows)).toEqual(expected);
    expect(instanceVat({ rows: positive, amount_c: -400 }, rows)).toEqual(expected);
  });

  it('sums documents per rate, each as printed (no re-rounding of the sum)', () => {
    const one = instanceVat({ rows: null, amount_c: 100 }, [{ amount_c: 100, vat_percent: 25.5 }]);
    // 3 × 0,20 € of VAT as on the three invoices; splitting the 3,00 € sum would say 0,61 €.
    expect(sumVat([one, one, one])).toEqual([{ vat_percent: 25.5, net_c: 240, vat_c: 60, gross_c: 300 }]);
    expect(sumVat([])).toEqual([]);
  });

  it('counts an action from its payment day, never later than the day it was made (Helsinki)', () => {
    expect(actionDay({ created_at: '2026-03-31T09:00:00Z', pay_date: '2026-03-30' })).toBe('2026-03-30');
    expect(actionDay({ created_at: '2026-03-31T09:00:00Z', pay_date: '2026-04-02' })).toBe('2026-03-31');
    expect(actionDay({ created_at: '2026-03-31T22:30:00Z', pay_date: null })).toBe('2026-04-01');
  });

  it('defaults the period to 1.1.–31.12. of the year', () => {
    expect(yearPeriod('2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});
