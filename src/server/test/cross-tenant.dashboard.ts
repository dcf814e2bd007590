import { expect } from 'vitest';
import { expectNoLeak, type CrossTenantCase, type World } from './cross-tenant.world';
import { insertInvoiceRows } from './factories/invoice-rows';
import { insertAction, recompute } from '../modules/invoices/instances-repo';

// Cross-tenant cases of the dashboard's summary calls: B's rows added between two calls by A
// leave A's figures exactly as they were.

let seq = 0;

async function bInvoicePaid(w: World): Promise<void> {
  const at = new Date().toISOString();
  const db = w.t.deps.db;
  const b = w.b.tenant.id;
  const { messageId, invoiceId } = await insertInvoiceRows(db, b, { subject: 'Beetan kojelautalasku', status: 'sent', at });
  seq += 1;
  const member = w.bMembers[0]!;
  const { id } = await db
    .insertInto('invoice_instances')
    .values({ tenant_id: b, invoice_id: invoiceId, message_id: messageId, member_id: member.id, invoice_number: 500_000 + seq, reference: `${String(500_000 + seq)}1`, amount_c: 5000, date_due: '2000-01-01', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertAction(db, { tenant_id: b, instance_id: id, action_type: 'sync_payment', amount_c: 1000, author_id: null, created_at: at, rows: null, credit_instance_id: null, message_id: null, date_due: null, pay_date: at.slice(0, 10), payer_name: 'Beeta', archive_id: null, batch_id: null });
  await recompute(db, b, id, at);
}

async function bCard(w: World): Promise<void> {
  seq += 1;
  await w.t.deps.db
    .insertInto('member_cards')
    .values({ tenant_id: w.b.tenant.id, member_id: w.bMembers[0]!.id, token_hash: `dashboard-b-${String(seq)}`, message_id: null, delivery_id: null, valid_until: '2099-12-31', created_at: new Date().toISOString() })
    .execute();
}

async function bClaims(w: World): Promise<void> {
  const at = new Date().toISOString();
  const m = w.bMembers[0]!;
  for (const status of ['pending', 'accepted'] as const) {
    await w.t.deps.db
      .insertInto('expense_claims')
      .values({ tenant_id: w.b.tenant.id, person_id: m.id, person_name: `${m.firstname} ${m.lastname}`, person_account_number: 'FI2112345600000785', status, amount_c: 12_345, created_at: at, updated_at: at })
      .execute();
  }
}

function unchangedBy(url: string, addToB: (w: World) => Promise<void>): CrossTenantCase {
  return {
    method: 'GET',
    url,
    async run(w) {
      const before = await w.asA.get(url);
      expect(before.status).toBe(200);
      await addToB(w);
      const after = await w.asA.get(url);
      expect(after.body).toEqual(before.body);
      expectNoLeak(after, w);
    },
  };
}

export const dashboardCases: CrossTenantCase[] = [
  unchangedBy('/api/1/invoices/dashboard', bInvoicePaid),
  unchangedBy('/api/1/membercard/dashboard', bCard),
  unchangedBy('/api/1/expenseclaim/dashboard', bClaims),
];
