import { expect } from 'vitest';
import { appliedStatement, bareInstance } from './factories/bank-payments';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';

// Cross-tenant cases of the bank payment review and the bank mandate: A's admin aims at B's
// waiting payments, instances and mandate accounts; each answers 404 and changes nothing, and
// A's lists hold only A's rows.

interface Fixture {
  aPayment: number;
  aInstance: number;
  bPayment: number;
  bInstance: number;
  bMandate: number;
  bIban: string;
}

const fixtures = new WeakMap<World, Promise<Fixture>>();

async function make(w: World): Promise<Fixture> {
  const db = w.t.deps.db;
  const [a, b] = [w.a.tenant.id, w.b.tenant.id];
  const bInstance = await bareInstance(db, b, { member_id: w.bMembers[0]!.id });
  // B's payer is named by a B member's email, so any leak of the row shows in expectNoLeak.
  const bStatement = await appliedStatement(db, b, [{ amount_c: 1000, payer_name: w.bMembers[0]!.email!, suggested_instance_id: bInstance }]);
  const aInstance = await bareInstance(db, a);
  const aStatement = await appliedStatement(db, a, [{ amount_c: 1000, payer_name: 'Alfan maksaja' }]);
  const bIban = 'FI4950009420028730';
  const at = new Date().toISOString();
  const mandate = await db
    .insertInto('bank_mandates')
    .values({ tenant_id: b, iban: bIban, given_on: '2026-01-01', given_by: 'Beetan puheenjohtaja', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { aPayment: aStatement.paymentIds[0]!, aInstance, bPayment: bStatement.paymentIds[0]!, bInstance, bMandate: mandate.id, bIban };
}

const fixture = (w: World): Promise<Fixture> => {
  if (!fixtures.has(w)) fixtures.set(w, make(w));
  return fixtures.get(w)!;
};

/** Everything of the bank review and mandate, of both tenants. */
const state = async (w: World) => ({
  payments: await w.t.deps.db.selectFrom('bank_payments').selectAll().orderBy('id').execute(),
  actions: await w.t.deps.db.selectFrom('invoice_actions').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  instances: await w.t.deps.db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  mandates: await w.t.deps.db.selectFrom('bank_mandates').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
});

const notFoundUnchanged =
  (calls: (w: World, f: Fixture) => Promise<{ status: number; body: unknown }>[]) =>
  async (w: World): Promise<void> => {
    const f = await fixture(w);
    const before = await state(w);
    for (const r of await Promise.all(calls(w, f))) expectNotFound(r as Parameters<typeof expectNotFound>[0]);
    expect(await state(w)).toEqual(before);
  };

export const bankReviewCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/invoices/bank/unmatched',
    async run(w) {
      const f = await fixture(w);
      const r = await w.asA.post('/api/1/invoices/bank/unmatched', { page: 0 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expectNoLeak(r, w);
      const ids = r.body.results.map((p: { payment_id: number }) => p.payment_id);
      expect(ids).toContain(f.aPayment);
      expect(ids).not.toContain(f.bPayment);
      expect(r.body.count).toBe(ids.length);
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bank/assign',
    run: notFoundUnchanged((w, f) => [
      w.asA.post('/api/1/invoices/bank/assign', { payment_id: f.bPayment, instance_id: f.aInstance }),
      w.asA.post('/api/1/invoices/bank/assign', { payment_id: f.aPayment, instance_id: f.bInstance }),
      w.asA.post('/api/1/invoices/bank/assign', { payment_id: f.bPayment, instance_id: f.bInstance }),
    ]),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bank/dismiss',
    run: notFoundUnchanged((w, f) => [w.asA.post('/api/1/invoices/bank/dismiss', { payment_id: f.bPayment, comment: 'Ei meidän' })]),
  },
  {
    method: 'GET',
    url: '/api/1/invoices/bank/mandate',
    async run(w) {
      const f = await fixture(w);
      const r = await w.asA.get('/api/1/invoices/bank/mandate');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expectNoLeak(r, w);
      expect(JSON.stringify(r.body)).not.toContain(f.bIban);
      expect(r.body.accounts.map((a: { id: number }) => a.id)).not.toContain(f.bMandate);
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bank/mandate/add',
    async run(w) {
      const f = await fixture(w);
      const before = await state(w);
      const r = await w.asA.post('/api/1/invoices/bank/mandate/add', { iban: 'FI2112345600000785', given_on: '2026-01-02', given_by: 'Alfan puheenjohtaja' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(f.bIban);
      expect(r.body.accounts.map((a: { iban: string }) => a.iban)).toEqual(['FI2112345600000785']);
      expect(await state(w)).toEqual(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bank/mandate/remove',
    run: notFoundUnchanged((w, f) => [w.asA.post('/api/1/invoices/bank/mandate/remove', { id: f.bMandate })]),
  },
];
