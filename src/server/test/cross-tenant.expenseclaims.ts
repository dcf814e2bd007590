import sharp from 'sharp';
import { expect } from 'vitest';
import { enableClaims, IBAN, uploadReceipt } from './factories/expenseclaims';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';

// Cross-tenant cases of expense claims: A's admin (and A's claims) never reach B's claims,
// receipts or claimant-accounts; B's ids answer 404.

const B_ACCOUNT = 'FI2112345600000785';

/** A pending claim of B's first member with one receipt item and its file, straight in B. */
export async function bClaim(w: World): Promise<{ claimId: number; fileId: number; personId: number }> {
  const db = w.t.deps.db;
  const now = new Date().toISOString();
  const m = w.bMembers[0]!;
  const claim = await db
    .insertInto('expense_claims')
    .values({ tenant_id: w.b.tenant.id, person_id: m.id, person_name: `${m.firstname} ${m.lastname}`, person_account_number: B_ACCOUNT, description: 'Beetan kulu', amount_c: 1250, item_count: 1, date_min: '2026-02-03', date_max: '2026-02-03', author_id: m.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const file = await db
    .insertInto('expense_claim_files')
    .values({ tenant_id: w.b.tenant.id, member_id: m.id, claim_id: claim.id, filename: 'b.jpg', mime: 'image/jpeg', data: Buffer.from('beeta'), bytes: 5, sha256: 'beeta', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('expense_claim_items')
    .values({ tenant_id: w.b.tenant.id, claim_id: claim.id, position: 0, type: 'receipt', date: '2026-02-03', description: 'Beetan kahvit', amount_c: 1250, receipt_id: file.id })
    .execute();
  return { claimId: claim.id, fileId: file.id, personId: m.id };
}

const bRow = (w: World, id: number) => w.t.deps.db.selectFrom('expense_claims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function ready(w: World) {
  await enableClaims(w.asA);
  return bClaim(w);
}

export const expenseClaimCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/expenseclaim/save',
    async run(w) {
      const b = await ready(w);
      const before = await bRow(w, b.claimId);
      expectNotFound(await w.asA.post('/api/1/expenseclaim/save', { id: b.claimId, description: 'Vallattu', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '1' }] }));
      expect(await bRow(w, b.claimId)).toEqual(before);
      // B's receipt cannot be put on A's claim either.
      const r = await w.asA.post('/api/1/expenseclaim/save', { description: 'A', account_number: IBAN, items: [{ type: 'receipt', date: '2026-02-03', amount: '1', description: 'x', receipt_id: b.fileId }] });
      expect(r.body.errors).toEqual({ 'items.0.receipt_id': ['expense_receipt_not_yours'] });
    },
  },
  {
    method: 'POST',
    url: '/api/1/expenseclaim/upload',
    async run(w) {
      await enableClaims(w.asA);
      const r = await uploadReceipt(w.asA, await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).jpeg().toBuffer());
      expect(r.status).toBe(200);
      const row = await w.t.deps.db.selectFrom('expense_claim_files').select('tenant_id').where('id', '=', r.body.id).executeTakeFirstOrThrow();
      expect(row.tenant_id).toBe(w.a.tenant.id);
    },
  },
  {
    method: 'POST',
    url: '/api/1/expenseclaim/mine',
    async run(w) {
      const b = await ready(w);
      const r = await w.asA.post('/api/1/expenseclaim/mine', {});
      expect(r.status).toBe(200);
      expect(r.body.results.map((c: { id: number }) => c.id)).not.toContain(b.claimId);
      expectNoLeak(r, w);
    },
  },
  { method: 'GET', url: '/api/1/expenseclaim/:id', run: async (w) => expectNotFound(await w.asA.get(`/api/1/expenseclaim/${(await ready(w)).claimId}`)) },
  { method: 'GET', url: '/api/1/expenseclaim/receipt/:id', run: async (w) => expectNotFound(await w.asA.get(`/api/1/expenseclaim/receipt/${(await ready(w)).fileId}`)) },
  {
    method: 'GET',
    url: '/api/1/expenseclaim/claimants',
    async run(w) {
      await ready(w);
      const r = await w.asA.get('/api/1/expenseclaim/claimants');
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain('Beetan');
      expectNoLeak(r, w);
    },
  },
  {
    method: 'GET',
    url: '/api/1/expenseclaim/view',
    run: async (w) => expectNotFound(await w.asA.get(`/api/1/expenseclaim/view?person_id=${(await ready(w)).personId}&person_account_number=${B_ACCOUNT}`)),
  },
  {
    method: 'GET',
    url: '/api/1/expenseclaim/all',
    async run(w) {
      const b = await ready(w);
      await w.t.deps.db.updateTable('expense_claims').set({ status: 'paid', paid_batch: '20260101000000' }).where('id', '=', b.claimId).execute();
      const r = await w.asA.get('/api/1/expenseclaim/all');
      expect(r.status).toBe(200);
      expect(r.body.results.map((c: { id: number }) => c.id)).not.toContain(b.claimId);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/expenseclaim/update_status',
    async run(w) {
      const b = await ready(w);
      const before = await bRow(w, b.claimId);
      expectNotFound(await w.asA.post('/api/1/expenseclaim/update_status', { id: b.claimId, status: 'accepted' }));
      expect(await bRow(w, b.claimId)).toEqual(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/expenseclaim/add_comment',
    async run(w) {
      const b = await ready(w);
      expectNotFound(await w.asA.post('/api/1/expenseclaim/add_comment', { id: b.claimId, comment: 'Hei' }));
      const events = await w.t.deps.db.selectFrom('expense_claim_events').select('id').where('claim_id', '=', b.claimId).execute();
      expect(events).toEqual([]);
    },
  },
  {
    method: 'POST',
    url: '/api/1/expenseclaim/mark_paid',
    async run(w) {
      const b = await ready(w);
      await w.t.deps.db.updateTable('expense_claims').set({ status: 'accepted' }).where('id', '=', b.claimId).execute();
      expectNotFound(await w.asA.post('/api/1/expenseclaim/mark_paid', { person_id: b.personId, account_number: B_ACCOUNT }));
      expect((await bRow(w, b.claimId)).status).toBe('accepted');
    },
  },
];
