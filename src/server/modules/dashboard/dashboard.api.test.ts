import { describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { adminClient, makeTenant, memberClient, testDialect } from '../../test/harness';
import { sentInvoice } from '../../test/factories/invoice';
import { makeMember } from '../../test/factories/member';
import { insertAction, recompute } from '../invoices/instances-repo';
import type { CreatedTenant } from '../tenants/service';
import type { Db } from '../../db/kysely';

// The dashboard's summary calls (invoices, member cards, expense claims): figures from seeded
// rows, the rules for partial payments, credits and overdue, Helsinki months, tenancy, roles.

const NOW = '2026-06-15T09:00:00.000Z';

async function book(db: Db, tenantId: number, instanceId: number, type: 'sync_payment' | 'manual_payment' | 'credit', cents: number, at: string, payDate: string | null) {
  await db.transaction().execute(async (trx) => {
    await insertAction(trx, { tenant_id: tenantId, instance_id: instanceId, action_type: type, amount_c: cents, author_id: null, created_at: at, rows: null, credit_instance_id: null, message_id: null, date_due: null, pay_date: payDate, payer_name: 'Maksaja', archive_id: null, batch_id: null });
    await recompute(trx, tenantId, instanceId, at);
  });
}

describe(`dashboard summaries (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Kojelautaseura ry', at: NOW });
  const { t, tenant, admin } = ctx;

  it('invoices: open, overdue and paid with partial payments and credits, and 12 Helsinki months of payments', async () => {
    const empty = await admin.get('/api/1/invoices/dashboard');
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toMatchObject({ invoice_count: 0, open: { count: 0, amount_c: 0 }, overdue: { count: 0, amount_c: 0 }, paid: { count: 0, amount_c: 0 } });
    expect(empty.body.months.map((m: { month: string }) => m.month)).toEqual(['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);

    const db = t.deps.db;
    const tid = tenant.tenant.id;
    const inv = await sentInvoice(ctx, { members: 4 }); // 25,00 € each
    const [full, partial, credited, late] = inv.instanceIds as [number, number, number, number];
    // Paid in full by two payments either side of Helsinki midnight between May and June (UTC 20:00 and 22:30 on 31 May).
    await book(db, tid, full, 'manual_payment', 500, '2026-05-31T20:00:00.000Z', null);
    await book(db, tid, full, 'manual_payment', 2000, '2026-05-31T22:30:00.000Z', null);
    // Partly paid in March (bank payment day before its booking): 15,00 € still open, not yet due.
    await book(db, tid, partial, 'sync_payment', 1000, '2026-03-12T10:00:00.000Z', '2026-03-10');
    // Wholly credited: neither open nor paid.
    await book(db, tid, credited, 'credit', 2500, '2026-04-01T10:00:00.000Z', null);
    // Past its due date, nothing paid: overdue.
    await db.updateTable('invoice_instances').set({ date_due: '2026-06-01' }).where('tenant_id', '=', tid).where('id', '=', late).execute();
    // An older invoice paid more than 12 months ago: in the paid sums, in no month.
    const old = await sentInvoice(ctx, { members: 1, rows: [{ title: 'Vanha', amount_with_vat: '10', vat_percent: 0 }] });
    await book(db, tid, old.instanceIds[0]!, 'sync_payment', 1000, '2025-05-20T08:00:00.000Z', '2025-05-20');

    const r = await admin.get('/api/1/invoices/dashboard');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      invoice_count: 2,
      open: { count: 2, amount_c: 1500 + 2500 },
      overdue: { count: 1, amount_c: 2500 },
      paid: { count: 2, amount_c: 2500 + 1000 + 1000 },
    });
    const months = Object.fromEntries(r.body.months.map((m: { month: string; paid_c: number }) => [m.month, m.paid_c]));
    expect(months).toEqual({
      '2025-07': 0, '2025-08': 0, '2025-09': 0, '2025-10': 0, '2025-11': 0, '2025-12': 0,
      '2026-01': 0, '2026-02': 0, '2026-03': 1000, '2026-04': 0, '2026-05': 500, '2026-06': 2000,
    });

    // A partial payment on the overdue one leaves the rest overdue; marking it paid settles it.
    await book(db, tid, late, 'manual_payment', 700, NOW, null);
    const after = await admin.get('/api/1/invoices/dashboard');
    expect(after.body).toMatchObject({ open: { count: 2, amount_c: 1500 + 1800 }, overdue: { count: 1, amount_c: 1800 }, paid: { count: 2, amount_c: 5200 } });
    expect(after.body.months.at(-1)).toEqual({ month: '2026-06', paid_c: 2700 });
    await book(db, tid, late, 'manual_payment', 1800, NOW, null);
    const settled = await admin.get('/api/1/invoices/dashboard');
    expect(settled.body).toMatchObject({ open: { count: 1, amount_c: 1500 }, overdue: { count: 0, amount_c: 0 }, paid: { count: 3, amount_c: 7000 } });

    // Another association's invoices and payments never count here.
    const other = await makeTenant(t.deps, 'Toinen seura ry');
    const otherCtx = { t, tenant: other, admin: await adminClient(t, other) };
    const theirs = await sentInvoice(otherCtx, { members: 2 });
    await book(db, other.tenant.id, theirs.instanceIds[0]!, 'sync_payment', 2500, NOW, '2026-06-15');
    expect((await admin.get('/api/1/invoices/dashboard')).body).toEqual(settled.body);
    expect((await otherCtx.admin.get('/api/1/invoices/dashboard')).body).toMatchObject({ invoice_count: 1, open: { count: 1, amount_c: 2500 }, paid: { count: 1, amount_c: 2500 } });
  });

  it('member cards: sent, and valid now (not expired, not replaced by a newer card)', async () => {
    const card = async (t2: CreatedTenant, memberId: number, validUntil: string, n: string) =>
      t.deps.db.insertInto('member_cards').values({ tenant_id: t2.tenant.id, member_id: memberId, token_hash: `hash-${n}`, message_id: null, delivery_id: null, valid_until: validUntil, created_at: NOW }).execute();
    expect((await admin.get('/api/1/membercard/dashboard')).body).toEqual({ sent: 0, valid: 0 });
    const [a, b, c] = [await makeMember(t.deps, tenant), await makeMember(t.deps, tenant), await makeMember(t.deps, tenant)];
    await card(tenant, a.id, '2026-12-31', 'a1');
    await card(tenant, a.id, '2026-12-31', 'a2'); // replaces a1
    await card(tenant, b.id, '2026-06-14', 'b1'); // expired yesterday (Helsinki)
    await card(tenant, c.id, '2026-06-15', 'c1'); // valid through today
    const other = await makeTenant(t.deps, 'Korttiseura ry');
    await card(other, (await makeMember(t.deps, other)).id, '2026-12-31', 'x1');
    const r = await admin.get('/api/1/membercard/dashboard');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ sent: 4, valid: 2 });
  });

  it('expense claims: pending and accepted waiting for payment, count and sum', async () => {
    expect((await admin.get('/api/1/expenseclaim/dashboard')).body).toEqual({ pending: { count: 0, amount_c: 0 }, accepted: { count: 0, amount_c: 0 } });
    const m = await makeMember(t.deps, tenant);
    const claim = (tenantId: number, personId: number, status: 'pending' | 'accepted' | 'rejected' | 'paid', cents: number) =>
      t.deps.db.insertInto('expense_claims').values({ tenant_id: tenantId, person_id: personId, person_name: 'Kulu Korvattava', person_account_number: 'FI2112345600000785', status, amount_c: cents, created_at: NOW, updated_at: NOW }).execute();
    await claim(tenant.tenant.id, m.id, 'pending', 1250);
    await claim(tenant.tenant.id, m.id, 'pending', 3000);
    await claim(tenant.tenant.id, m.id, 'accepted', 4000);
    await claim(tenant.tenant.id, m.id, 'rejected', 999);
    await claim(tenant.tenant.id, m.id, 'paid', 888);
    const other = await makeTenant(t.deps, 'Kuluseura ry');
    await claim(other.tenant.id, (await makeMember(t.deps, other)).id, 'pending', 77_700);
    const r = await admin.get('/api/1/expenseclaim/dashboard');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ pending: { count: 2, amount_c: 4250 }, accepted: { count: 1, amount_c: 4000 } });
  });

  it('are for site admins: board members and members are refused', async () => {
    const board = await memberClient(t, tenant, 'board');
    const member = await memberClient(t, tenant, 'member');
    for (const url of ['/api/1/invoices/dashboard', '/api/1/membercard/dashboard', '/api/1/expenseclaim/dashboard']) {
      expect((await board.get(url)).status, url).toBe(403);
      expect((await member.get(url)).status, url).toBe(403);
    }
  });
});
