import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatement } from './index';
import { camt053, camt054, ktl, type BuiltPayment } from '../../../test/factories/bank-statements';
import { createReference } from '../../../../shared/finnish/reference';
import { createRfReference } from '../../../../shared/finnish/rf-reference';

// The statement builders that every bank test uses write files the parser reads back exactly:
// generated payments in, the same payments out (property-based, for every format and version).

const ACCOUNT = 'FI21 1234 5600 0007 85';
const IBAN = 'FI2112345600000785';

const day = fc.date({ min: new Date('2001-01-01'), max: new Date('2079-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const nationalRef = fc.integer({ min: 100, max: 999_999_999 }).map((n) => createReference(String(n)));
const name = fc.stringMatching(/^[A-Za-zÄÖÅäöå&' -]{1,30}$/).map((s) => s.trim().replace(/\s+/g, ' '));

const payment = (refs: fc.Arbitrary<string | null>, withText: boolean) =>
  fc.record({
    amount_c: fc.integer({ min: 1, max: 99_999_999 }),
    reference: refs,
    message: withText ? fc.stringMatching(/^[\w äöå.,:&<>'"-]{0,60}$/).map((s) => s.trim().replace(/\s+/g, ' ')) : fc.constant(''),
    payer_name: name,
    booking_date: day,
    value_date: day,
  });

/** Unique 16-character archive ids, as the bank gives them. */
const withIds = (ps: Omit<BuiltPayment, 'archive_id'>[]) => ps.map((p, i) => ({ ...p, archive_id: `T${String(i).padStart(15, '0')}` }));

const expected = (p: BuiltPayment, ref: string | null, payerName: string) => ({
  archive_id: p.archive_id,
  account: IBAN,
  amount_c: p.amount_c,
  booking_date: p.booking_date,
  value_date: p.value_date,
  payer_name: payerName,
  reference: ref,
  message: p.message ?? '',
});

describe('statement builders round-trip through parseStatement', () => {
  const anyRef = fc.oneof(fc.constant(null), nationalRef, nationalRef.map((r) => createRfReference(r)), nationalRef.map((r) => createRfReference(r).toLowerCase().replace(/(.{4})/g, '$1 ')));
  const compact = (r: string | null | undefined) => (r ? (/^rf/i.test(r) ? r.replace(/\s+/g, '').toUpperCase() : r.replace(/\s+/g, '')) : null);

  for (const version of ['02', '04', '08'] as const) {
    it(`camt054 v${version}: the same payments, in order (one entry per booking date, many transactions)`, () => {
      fc.assert(
        fc.property(fc.array(payment(anyRef, true), { minLength: 1, maxLength: 12 }), (raw) => {
          const ps = withIds(raw);
          const parsed = parseStatement(Buffer.from(camt054({ account: ACCOUNT, payments: ps, version })));
          expect(parsed.format).toBe('camt054');
          expect(parsed.accounts).toEqual([IBAN]);
          expect(parsed.ignored).toBe(0);
          const byId = new Map(parsed.payments.map((p) => [p.archive_id, p]));
          expect(parsed.payments).toHaveLength(ps.length);
          for (const p of ps) expect(byId.get(p.archive_id)).toEqual(expected(p, compact(p.reference), p.payer_name ?? ''));
        }),
        { numRuns: 60 },
      );
    });
  }

  it('camt053: the same payments', () => {
    fc.assert(
      fc.property(fc.array(payment(anyRef, true), { minLength: 1, maxLength: 12 }), (raw) => {
        const ps = withIds(raw);
        const parsed = parseStatement(Buffer.from(camt053({ account: ACCOUNT, payments: ps })));
        expect(parsed.format).toBe('camt053');
        const byId = new Map(parsed.payments.map((p) => [p.archive_id, p]));
        for (const p of ps) expect(byId.get(p.archive_id)).toEqual(expected(p, compact(p.reference), p.payer_name ?? ''));
      }),
      { numRuns: 60 },
    );
  });

  it('ktl: the same payments (national references only, the payer name as its 12-character field keeps it)', () => {
    fc.assert(
      fc.property(fc.array(payment(fc.oneof(fc.constant(null), nationalRef), false), { minLength: 1, maxLength: 30 }), (raw) => {
        const ps = withIds(raw);
        const parsed = parseStatement(Buffer.from(ktl({ account: ACCOUNT, payments: ps })));
        expect(parsed.format).toBe('ktl');
        expect(parsed.payments).toEqual(ps.map((p) => expected(p, p.reference ?? null, p.payer_name!.slice(0, 12).trim().replace(/\s+/g, ' '))));
      }),
      { numRuns: 80 },
    );
  });

  it('defaults: unique archive ids and today as the booking and value date', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const file of [camt054({ account: ACCOUNT, payments: [{ amount_c: 1 }, { amount_c: 2 }] }), ktl({ account: ACCOUNT, payments: [{ amount_c: 1 }, { amount_c: 2 }] })]) {
      const parsed = parseStatement(Buffer.from(file));
      expect(new Set(parsed.payments.map((p) => p.archive_id)).size).toBe(2);
      expect(parsed.payments.every((p) => p.booking_date === today && p.value_date === today)).toBe(true);
    }
  });

  it('marks PDNG, INFO and debit payments of the builder as ignored', () => {
    const parsed = parseStatement(
      Buffer.from(
        camt054({
          account: ACCOUNT,
          version: '08',
          payments: [{ amount_c: 1 }, { amount_c: 2, status: 'PDNG' }, { amount_c: 3, status: 'INFO' }, { amount_c: 4, credit_debit: 'DBIT' }],
        }),
      ),
    );
    expect(parsed.payments.map((p) => p.amount_c)).toEqual([1]);
    expect(parsed.ignored).toBe(3);
  });
});
