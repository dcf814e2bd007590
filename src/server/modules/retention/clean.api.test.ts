import { describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, testDialect } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { adminContext } from '../../test/adminContext';
import { datedClaim, datedInvoice } from '../../test/factories/accounting';

// clean_accounting_data: whole years past the six-year retention go, nothing else does.

describe(`clean_accounting_data (${testDialect})`, () => {
  const ctx = adminContext({ at: '2026-11-20T10:00:00Z' });
  const { t, tenant, admin } = ctx;

  it('refuses years inside the retention period and before 2013, under the period', async () => {
    for (const period of [2020, 2026, 2012]) {
      const r = await admin.post('/api/1/settings/clean_accounting_data', { period, dry_run: true });
      expect(r.status, String(period)).toBe(400);
      expect(r.body.errors).toEqual({ period: ['settings_clean_period_not_allowed'] });
    }
    const bad = await admin.post('/api/1/settings/clean_accounting_data', { period: '2019' });
    expect(bad.status).toBe(400);
  });

  it('previews, then deletes exactly the period: a 2019 invoice goes, a 2020 one stays, pending claims stay', async () => {
    const tid = tenant.tenant.id;
    const db = t.deps.db;
    const old = await datedInvoice(db, tid, '2019-06-01');
    const newer = await datedInvoice(db, tid, '2020-01-01');
    const paid2019 = await datedClaim(db, tid, { personId: 9001, name: 'Vanha Hakija', status: 'paid', day: '2019-03-01', handled: '2019-04-01' });
    const rejected2018 = await datedClaim(db, tid, { personId: 9001, name: 'Vanha Hakija', status: 'rejected', day: '2018-03-01', handled: '2018-03-05' });
    const pending2019 = await datedClaim(db, tid, { personId: 9002, name: 'Odottava Hakija', status: 'pending', day: '2019-05-01' });
    const paid2020 = await datedClaim(db, tid, { personId: 9001, name: 'Vanha Hakija', status: 'paid', day: '2019-12-20', handled: '2020-01-10' });
    // A pseudonym used only by the old invoice goes with it; one still used by 2020 rows stays.
    await db.updateTable('invoice_instances').set({ recipient_name: 'Poistettu henkilö AAAAAA' }).where('id', '=', old.instanceId).execute();
    await db.updateTable('invoice_instances').set({ recipient_name: 'Poistettu henkilö BBBBBB' }).where('id', '=', newer.instanceId).execute();
    for (const p of ['Poistettu henkilö AAAAAA', 'Poistettu henkilö BBBBBB']) await db.insertInto('accounting_pseudonyms').values({ tenant_id: tid, pseudonym: p, sealed: 'x', created_at: '2019-01-01T00:00:00Z' }).execute();

    // Another association's 2019 data is not touched.
    const b = await makeTenant(t.deps, 'Toinen ry');
    const theirs = await datedInvoice(db, b.tenant.id, '2019-06-01');
    const theirClaim = await datedClaim(db, b.tenant.id, { personId: 1, name: 'Heidän Hakija', status: 'paid', day: '2019-03-01', handled: '2019-04-01' });
    const bAdmin = await adminClient(t, b);

    const counts = { invoices: 1, invoice_instances: 1, invoice_actions: 1, bank_payments: 1, expense_claims: 2, receipt_files: 2, pseudonyms: 1 };
    const preview = await admin.post('/api/1/settings/clean_accounting_data', { period: 2019, dry_run: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ period: 2019, dry_run: true, counts });
    expect(await db.selectFrom('invoices').select('id').where('id', '=', old.invoiceId).executeTakeFirst()).toBeDefined();

    const r = await admin.post('/api/1/settings/clean_accounting_data', { period: 2019 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ period: 2019, dry_run: false, counts });

    const ids = async (table: 'invoices' | 'invoice_instances' | 'bank_payments' | 'expense_claims' | 'messages', list: number[]) =>
      (await db.selectFrom(table).select('id').where('id', 'in', list).execute()).map((x) => x.id).sort((x, y) => x - y);
    expect(await ids('invoices', [old.invoiceId, newer.invoiceId, theirs.invoiceId])).toEqual([newer.invoiceId, theirs.invoiceId].sort((x, y) => x - y));
    expect(await ids('invoice_instances', [old.instanceId, newer.instanceId])).toEqual([newer.instanceId]);
    expect(await ids('messages', [old.messageId, newer.messageId])).toEqual([newer.messageId]);
    expect(await ids('bank_payments', [old.paymentId, newer.paymentId, theirs.paymentId])).toEqual([newer.paymentId, theirs.paymentId].sort((x, y) => x - y));
    expect(await ids('expense_claims', [paid2019, rejected2018, pending2019, paid2020, theirClaim])).toEqual([pending2019, paid2020, theirClaim].sort((x, y) => x - y));
    expect((await db.selectFrom('expense_claim_files').select('claim_id').where('tenant_id', '=', tid).execute()).map((f) => f.claim_id).sort()).toEqual([pending2019, paid2020].sort());
    expect((await db.selectFrom('accounting_pseudonyms').select('pseudonym').where('tenant_id', '=', tid).execute()).map((p) => p.pseudonym)).toEqual(['Poistettu henkilö BBBBBB']);
    expect(await db.selectFrom('deliveries').select('id').where('message_id', '=', old.messageId).execute()).toEqual([]);

    const log = await db.selectFrom('activity_log').select(['event', 'data', 'author_id']).where('tenant_id', '=', tid).where('event', '=', 'accounting_data_cleaned').execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.author_id).toBe(tenant.admin.id);
    expect(JSON.parse(log[0]!.data)).toEqual(expect.arrayContaining([{ field: 'period', new: 2019 }, { field: 'invoices', new: 1 }]));
    // The other association still reads its invoice.
    expect((await bAdmin.get(`/api/1/invoices/${theirs.invoiceId}`)).status).toBe(200);
    // Nothing left for the period.
    const again = await admin.post('/api/1/settings/clean_accounting_data', { period: 2019, dry_run: true });
    expect(again.body.counts).toEqual({ invoices: 0, invoice_instances: 0, invoice_actions: 0, bank_payments: 0, expense_claims: 0, receipt_files: 0, pseudonyms: 0 });
  });

  it('is for site admins only', async () => {
    const m = await makeMember(t.deps, tenant, { password: 'Jäsen-Salasana-123', board: 1 });
    const c = new Client(t.app, tenant.tenant.hostname!);
    await c.login(m.email!, 'Jäsen-Salasana-123');
    expect((await c.post('/api/1/settings/clean_accounting_data', { period: 2019, dry_run: true })).status).toBe(403);
    expect((await c.get('/api/1/settings/retention_due')).status).toBe(403);
  });
});
