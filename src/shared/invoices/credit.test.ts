import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { creditedRows, isMultiVat, rowLimit, rowRemaining, validateCredit, type CreditInstance } from './credit';

const euros = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;

const oneRate = (amounts: number[], over: Partial<CreditInstance> = {}): CreditInstance => {
  const rows = amounts.map((a, i) => ({ title: `Rivi ${i + 1}`, amount_c: a, vat_percent: 25.5 }));
  const amount_c = amounts.reduce((s, a) => s + a, 0);
  return { rows, amount_c, paid_c: 0, credited_c: 0, open: amount_c, ...over };
};
const twoRates = (a: number, b: number, over: Partial<CreditInstance> = {}): CreditInstance => ({
  rows: [
    { title: 'Jäsenmaksu', amount_c: a, vat_percent: 0 },
    { title: 'Lehti', amount_c: b, vat_percent: 10 },
  ],
  amount_c: a + b,
  paid_c: 0,
  credited_c: 0,
  open: a + b,
  ...over,
});

// Arbitraries: a single-rate invoice with 1..8 rows, and earlier credits within each row.
const rowAmounts = fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 });
const singleRate = rowAmounts.chain((amounts) =>
  fc.tuple(fc.constant(amounts), fc.tuple(...amounts.map((a) => fc.integer({ min: 0, max: a })))).map(([am, taken]) => {
    const credited = taken.reduce((s, t) => s + t, 0);
    return oneRate(am, { credited_c: credited, credited_rows: taken, open: am.reduce((s, a) => s + a, 0) - credited });
  }),
);

describe('validateCredit', () => {
  it('credits a single-rate invoice in part, row by row', () => {
    const r = validateCredit(oneRate([5000, 1500]), ['20,00', '']);
    expect(r).toEqual({ ok: true, total_c: 2000, rows: [
      { title: 'Rivi 1', amount_c: 2000, vat_percent: 25.5 },
      { title: 'Rivi 2', amount_c: 0, vat_percent: 25.5 },
    ] });
  });

  it('rejects an amount that is not a Finnish amount, under its row', () => {
    expect(validateCredit(oneRate([5000, 1500]), ['abc', '1,234'])).toEqual({
      ok: false,
      errors: { 'rows.0.amount': ['invoice_amount_invalid'], 'rows.1.amount': ['invoice_amount_invalid'] },
    });
    expect(validateCredit(oneRate([5000]), ['-5'])).toMatchObject({ ok: false, errors: { 'rows.0.amount': ['invoice_amount_invalid'] } });
  });

  it('rejects more rows than the invoice has', () => {
    expect(validateCredit(oneRate([5000]), ['1', '1'])).toMatchObject({ ok: false, errors: { general: ['invoice_amount_invalid'] } });
  });

  it('takes earlier credits off each row', () => {
    const inst = oneRate([5000, 1500], { credited_c: 1000, credited_rows: [1000, 0], open: 5500 });
    expect(validateCredit(inst, ['40,01', ''])).toMatchObject({ ok: false, errors: { 'rows.0.amount': ['credit_row_exceeds'] } });
    expect(validateCredit(inst, ['40', '15'])).toMatchObject({ ok: true, total_c: 5500 });
  });

  it('property: a valid amount within every row, in total above zero, is accepted as typed', () => {
    fc.assert(
      fc.property(singleRate, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }), (inst, fractions) => {
        const remaining = rowRemaining(inst);
        const amounts = remaining.map((r, i) => Math.floor(r * fractions[i]!));
        const r = validateCredit(inst, amounts.map(euros));
        const total = amounts.reduce((s, a) => s + a, 0);
        if (total === 0) expect(r).toEqual({ ok: false, errors: { general: ['credit_total_zero'] } });
        else {
          expect(r.ok).toBe(true);
          if (r.ok) {
            expect(r.total_c).toBe(total);
            expect(r.rows.map((x) => x.amount_c)).toEqual(amounts);
          }
        }
      }),
    );
  });

  it('property: a row above what is left of it is refused under that row', () => {
    fc.assert(
      fc.property(singleRate, fc.nat({ max: 7 }), fc.integer({ min: 1, max: 100_000 }), (inst, pick, over) => {
        const i = pick % inst.rows.length;
        const typed = inst.rows.map((_, j) => (j === i ? euros(rowRemaining(inst)[i]! + over) : ''));
        const r = validateCredit(inst, typed);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.errors[`rows.${i}.amount`]).toEqual(['credit_row_exceeds']);
      }),
    );
  });

  it('property: nothing typed, or only zeros, is refused as a zero total', () => {
    fc.assert(
      fc.property(singleRate, fc.array(fc.constantFrom('', '0', '0,00', ' '), { maxLength: 8 }), (inst, typed) => {
        expect(validateCredit(inst, typed.slice(0, inst.rows.length))).toEqual({ ok: false, errors: { general: ['credit_total_zero'] } });
      }),
    );
  });

  it('property: anything that is not an amount is refused as invalid', () => {
    const bad = fc.oneof(fc.constantFrom('1,234', '12.345', 'abc', '1e3', '--1', '-1', '1,2,3', '€'), fc.string().filter((s) => /[a-zA-Z]/.test(s)));
    fc.assert(
      fc.property(singleRate, bad, (inst, text) => {
        const r = validateCredit(inst, [text]);
        expect(r).toMatchObject({ ok: false, errors: { 'rows.0.amount': ['invoice_amount_invalid'] } });
      }),
    );
  });

  it('property: the total never exceeds what is still creditable', () => {
    // Row limits alone already keep the total within the amount; a stale credited_c
    // (credits of the whole instance beyond the rows) is what this rule catches.
    fc.assert(
      fc.property(rowAmounts, fc.integer({ min: 1, max: 50_000 }), (amounts, extra) => {
        const amount = amounts.reduce((s, a) => s + a, 0);
        const inst = oneRate(amounts, { credited_c: Math.min(amount, extra), open: amount - Math.min(amount, extra) });
        const r = validateCredit(inst, amounts.map(euros));
        expect(r).toEqual({ ok: false, errors: { general: ['credit_total_exceeds'] } });
      }),
    );
  });

  const multi = fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }));

  it('property: a multi-VAT invoice without payments is credited only in full', () => {
    fc.assert(
      fc.property(multi, fc.nat({ max: 1 }), fc.integer({ min: 1, max: 100_000 }), ([a, b], which, less) => {
        const inst = twoRates(a, b);
        expect(validateCredit(inst, [euros(a), euros(b)])).toMatchObject({ ok: true, total_c: a + b });
        const amounts = [a, b];
        amounts[which] = Math.max(0, amounts[which]! - less);
        expect(validateCredit(inst, amounts.map(euros))).toEqual({ ok: false, errors: { general: ['credit_multi_vat_full_only'] } });
      }),
    );
  });

  it('property: a multi-VAT partly paid invoice is credited exactly its open amount, each row at most min(row, open)', () => {
    fc.assert(
      fc.property(multi, fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), ([a, b], paidShare, split) => {
        const paid = Math.max(1, Math.min(a + b - 1, Math.floor((a + b) * paidShare)));
        if (a + b < 2) return;
        const open = a + b - paid;
        const inst = twoRates(a, b, { paid_c: paid, open });
        expect(rowLimit(inst, 0)).toBe(Math.min(a, open));
        expect(rowLimit(inst, 1)).toBe(Math.min(b, open));
        // An exact split of the open amount within both limits is accepted.
        const first = Math.max(open - Math.min(b, open), Math.min(Math.min(a, open), Math.floor(open * split)));
        expect(validateCredit(inst, [euros(first), euros(open - first)])).toMatchObject({ ok: true, total_c: open });
        // A row above the lesser of row and open is refused under the row.
        const r = validateCredit(inst, [euros(Math.min(a, open) + 1), '']);
        expect(r).toMatchObject({ ok: false, errors: { 'rows.0.amount': ['credit_row_exceeds'] } });
        // A total other than the open amount is refused.
        if (open > 1) {
          const low = validateCredit(inst, [euros(Math.min(first, open - 1)), '']);
          expect(low.ok ? null : low.errors.general).toEqual(first >= 1 ? ['credit_total_must_equal_open'] : ['credit_total_zero']);
        }
      }),
    );
  });

  it('property: a multi-VAT fully paid invoice is still credited in full only', () => {
    fc.assert(
      fc.property(multi, ([a, b]) => {
        const inst = twoRates(a, b, { paid_c: a + b, open: 0 });
        expect(validateCredit(inst, [euros(a), euros(b)])).toMatchObject({ ok: true, total_c: a + b });
        if (a > 1) expect(validateCredit(inst, [euros(a - 1), euros(b)])).toEqual({ ok: false, errors: { general: ['credit_multi_vat_full_only'] } });
      }),
    );
  });
});

describe('helpers', () => {
  it('isMultiVat counts distinct rates', () => {
    expect(isMultiVat(oneRate([1, 2]).rows)).toBe(false);
    expect(isMultiVat(twoRates(1, 2).rows)).toBe(true);
  });

  it('creditedRows sums earlier credit rows by index', () => {
    expect(creditedRows(3, [[{ amount_c: 100 }, { amount_c: 0 }, { amount_c: 5 }], null, [{ amount_c: 1 }]])).toEqual([101, 0, 5]);
  });
});
