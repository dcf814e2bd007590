import crypto from 'node:crypto';
import { expect } from 'vitest';
import { createReference } from '../../shared/finnish/reference';
import { camt054 } from './factories/bank-statements';
import { uploadStatement } from './factories/bank-upload';
import { testIban } from './factories/invoice';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { insertInvoiceRows } from './factories/invoice-rows';

// Cross-tenant cases of the statement pipeline: A's admin aims at B's statements (apply, undo:
// 404, nothing changes), A's list never shows them, and A's statement naming B's references
// never matches B's instances.

interface BFixture {
  instanceId: number;
  reference: string;
  dryRunId: number;
  appliedId: number;
}

async function bFixture(w: World): Promise<BFixture> {
  const at = new Date().toISOString();
  const db = w.t.deps.db;
  const b = w.b.tenant.id;
  const { messageId, invoiceId } = await insertInvoiceRows(db, b, { subject: 'Beetan lasku', at });
  const number = 700_000 + Math.floor(Math.random() * 99_999);
  const reference = createReference(String(number));
  const member = w.bMembers[0]!;
  const inst = await db
    .insertInto('invoice_instances')
    .values({ tenant_id: b, invoice_id: invoiceId, message_id: messageId, member_id: member.id, recipient_name: `${member.firstname} ${member.lastname}`, invoice_number: number, reference, amount_c: 1000, date_due: '2099-01-01', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payment = { archive_id: `B-${crypto.randomUUID()}`, account: testIban(b), amount_c: 1000, booking_date: at.slice(0, 10), value_date: null, payer_name: 'Beeta', reference, message: '' };
  const statement = (status: 'dry_run' | 'applied') =>
    db
      .insertInto('bank_statements')
      .values({ tenant_id: b, format: 'camt054', source: 'upload', filename: 'beeta-tiliote.xml', sha256: crypto.randomUUID(), entries: 1, total_c: 1000, payments: JSON.stringify([payment]), status, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
  const dry = await statement('dry_run');
  const applied = await statement('applied');
  const batchId = crypto.randomUUID();
  await db.updateTable('bank_statements').set({ batch_id: batchId, booked: 1, applied_at: at }).where('id', '=', applied.id).execute();
  const p = await db
    .insertInto('bank_payments')
    .values({ tenant_id: b, statement_id: applied.id, archive_id: payment.archive_id, amount_c: 1000, booking_date: payment.booking_date, reference, state: 'booked', match_kind: 'exact', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('invoice_actions')
    .values({ tenant_id: b, instance_id: inst.id, action_type: 'sync_payment', amount_c: 400, archive_id: payment.archive_id, batch_id: batchId, bank_payment_id: p.id, created_at: at })
    .execute();
  await db.updateTable('invoice_instances').set({ paid_c: 400 }).where('id', '=', inst.id).execute();
  return { instanceId: inst.id, reference, dryRunId: dry.id, appliedId: applied.id };
}

const bState = async (w: World) => ({
  statements: await w.t.deps.db.selectFrom('bank_statements').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  payments: await w.t.deps.db.selectFrom('bank_payments').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  instances: await w.t.deps.db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  actions: await w.t.deps.db.selectFrom('invoice_actions').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
});

const unchanged =
  (check: (w: World, f: BFixture) => Promise<void>) =>
  async (w: World): Promise<void> => {
    const f = await bFixture(w);
    const before = await bState(w);
    await check(w, f);
    expect(await bState(w)).toEqual(before);
  };

export const bankImportCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/invoices/bank/upload',
    run: unchanged(async (w, f) => {
      // A's file pays B's reference to B's account: A's dry run matches nothing of B's, and applying it books nothing there.
      const r = await uploadStatement(w.asA, camt054({ account: testIban(w.b.tenant.id), payments: [{ amount_c: 600, reference: f.reference, payer_name: 'Aalto' }] }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expectNoLeak(r, w);
      expect(r.body.dry_run).toMatchObject({ matched: [], suggested: [], duplicates: 0 });
      expect(r.body.dry_run.unmatched).toHaveLength(1);
      const applied = await w.asA.post('/api/1/invoices/bank/apply', { id: r.body.id, accept: [] });
      expect(applied.body).toMatchObject({ booked: 0 });
    }),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bank/apply',
    run: unchanged(async (w, f) => {
      expectNotFound(await w.asA.post('/api/1/invoices/bank/apply', { id: f.dryRunId, accept: [] }));
      expectNotFound(await w.asA.post('/api/1/invoices/bank/apply', { id: f.appliedId, accept: [] }));
    }),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bank/undo',
    run: unchanged(async (w, f) => {
      expectNotFound(await w.asA.post('/api/1/invoices/bank/undo', { id: f.appliedId }));
      expectNotFound(await w.asA.post('/api/1/invoices/bank/undo', { id: f.dryRunId }));
    }),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bank/statements',
    run: unchanged(async (w, f) => {
      const r = await w.asA.post('/api/1/invoices/bank/statements', { page: 0 });
      expect(r.status).toBe(200);
      expectNoLeak(r, w);
      const ids = r.body.results.map((s: { id: number }) => s.id);
      expect(ids).not.toContain(f.dryRunId);
      expect(ids).not.toContain(f.appliedId);
      expect(JSON.stringify(r.body)).not.toContain('beeta-tiliote');
    }),
  },
];
