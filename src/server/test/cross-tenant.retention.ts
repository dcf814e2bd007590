import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase } from './cross-tenant.world';
import { datedInvoice } from './factories/accounting';
import { makeMember } from './factories/member';
import * as settings from '../modules/settings/repo';

// Cross-tenant cases of retention and accounting data: A's site admin sees and cleans only
// A's, and B's pseudonym is not found through A's host.

export const retentionCases: CrossTenantCase[] = [
  {
    method: 'GET',
    url: '/api/1/settings/retention_due',
    async run(w) {
      await settings.set(w.t.deps.db, w.b.tenant.id, 'retention_removed_months', 1);
      await settings.set(w.t.deps.db, w.b.tenant.id, 'retention_inactive_years', 1);
      await makeMember(w.t.deps, w.b, { deleted_at: '2020-01-01T00:00:00.000Z' });
      await makeMember(w.t.deps, w.b, { active: 0, updated_at: '2020-01-01T00:00:00.000Z' });
      const r = await w.asA.get('/api/1/settings/retention_due');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ removed_months: 0, inactive_years: 0, removed_due_now: 0, inactive_review: 0, last_run: null });
      expectNoLeak(r, w);
    },
  },
  {
    method: 'GET',
    url: '/api/1/settings/retention_review',
    async run(w) {
      await settings.set(w.t.deps.db, w.a.tenant.id, 'retention_inactive_years', 1);
      const bIdle = await makeMember(w.t.deps, w.b, { active: 0, updated_at: '2020-01-01T00:00:00.000Z' });
      const r = await w.asA.get('/api/1/settings/retention_review');
      expect(r.status).toBe(200);
      expect(r.body.members.map((m: { id: number }) => m.id)).not.toContain(bIdle.id);
      expectNoLeak(r, w);
      await settings.set(w.t.deps.db, w.a.tenant.id, 'retention_inactive_years', 0);
    },
  },
  {
    method: 'POST',
    url: '/api/1/settings/clean_accounting_data',
    async run(w) {
      const theirs = await datedInvoice(w.t.deps.db, w.b.tenant.id, '2015-05-05');
      const preview = await w.asA.post('/api/1/settings/clean_accounting_data', { period: 2015, dry_run: true });
      expect(preview.status).toBe(200);
      expect(preview.body.counts.invoices).toBe(0);
      expect((await w.asA.post('/api/1/settings/clean_accounting_data', { period: 2015 })).status).toBe(200);
      expect(await w.t.deps.db.selectFrom('invoices').select('id').where('id', '=', theirs.invoiceId).executeTakeFirst()).toBeDefined();
      expect(await w.t.deps.db.selectFrom('bank_payments').select('id').where('id', '=', theirs.paymentId).executeTakeFirst()).toBeDefined();
    },
  },
  {
    method: 'POST',
    url: '/api/1/settings/reveal_pseudonym',
    async run(w) {
      const pseudonym = 'Poistettu henkilö B0B0B0';
      await w.t.deps.db.insertInto('accounting_pseudonyms').values({ tenant_id: w.b.tenant.id, pseudonym, sealed: 'v2.x.y.z', created_at: '2026-01-01T00:00:00Z' }).execute();
      const r = await w.asA.post('/api/1/settings/reveal_pseudonym', { pseudonym });
      expectNotFound(r);
      expect(await w.t.deps.db.selectFrom('activity_log').select('id').where('tenant_id', '=', w.a.tenant.id).where('event', '=', 'pseudonym_revealed').execute()).toEqual([]);
    },
  },
];
