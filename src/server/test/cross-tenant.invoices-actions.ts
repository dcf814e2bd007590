import crypto from 'node:crypto';
import { expect } from 'vitest';
import { expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { insertInvoiceRows } from './factories/invoice-rows';

// Cross-tenant cases of invoice actions, credits, bulk marks and reminders: A's admin aims at
// B's instances, credit invoices, invoices and batches; each answers 404 and changes nothing.

interface BFixture {
  invoiceId: number;
  instanceId: number;
  creditNumber: number;
  batchId: string;
}

/** A sent B invoice with an instance, a credit invoice of it and a bulk mark batch. */
async function bFixture(w: World): Promise<BFixture> {
  const at = new Date().toISOString();
  const db = w.t.deps.db;
  const b = w.b.tenant.id;
  const { messageId, invoiceId } = await insertInvoiceRows(db, b, { subject: 'Beetan lasku', date_due: '2000-01-01', at });
  const number = 800_000 + Math.floor(Math.random() * 99_999);
  const member = w.bMembers[0]!;
  const base = { tenant_id: b, invoice_id: invoiceId, member_id: member.id, recipient_name: `${member.firstname} ${member.lastname}`, created_at: at, updated_at: at };
  const inst = await db
    .insertInto('invoice_instances')
    .values({ ...base, message_id: messageId, invoice_number: number, reference: `${number}1`, amount_c: 1000, date_due: '2000-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const credit = await db
    .insertInto('invoice_instances')
    .values({ ...base, message_id: null, kind: 'credit', credit_of: inst.id, invoice_number: number + 1, reference: `${number + 1}2`, amount_c: -100, rows: '[]', date_due: '2000-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batchId = crypto.randomUUID();
  await db
    .insertInto('invoice_actions')
    .values([
      { tenant_id: b, instance_id: inst.id, action_type: 'credit', amount_c: 100, rows: JSON.stringify([{ title: 'B', amount_c: 100, vat_percent: 0 }]), credit_instance_id: credit.id, created_at: at },
      { tenant_id: b, instance_id: inst.id, action_type: 'mark_cancelled', batch_id: batchId, created_at: at },
    ])
    .execute();
  await db.updateTable('invoice_instances').set({ credited_c: 100, mark: 'cancelled' }).where('id', '=', inst.id).execute();
  return { invoiceId, instanceId: inst.id, creditNumber: number + 1, batchId };
}

const bState = async (w: World) => ({
  messages: await w.t.deps.db.selectFrom('messages').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  instances: await w.t.deps.db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  actions: await w.t.deps.db.selectFrom('invoice_actions').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  counters: await w.t.deps.db.selectFrom('invoice_counters').selectAll().where('tenant_id', '=', w.b.tenant.id).execute(),
});

/** Runs the calls against B's fixture and checks each answered 404 and B's invoicing is unchanged. */
const unchanged =
  (calls: (w: World, f: BFixture) => Promise<{ status: number; body: unknown }>[]) =>
  async (w: World): Promise<void> => {
    const f = await bFixture(w);
    const before = await bState(w);
    for (const r of await Promise.all(calls(w, f))) expectNotFound(r as Parameters<typeof expectNotFound>[0]);
    expect(await bState(w)).toEqual(before);
  };

const reminder = (f: BFixture) => ({ id: f.invoiceId, msg_media: 'email', description: '<p>Maksa</p>', date_due: '2099-01-01', send: true });

export const invoiceActionCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/invoices/add_action',
    run: unchanged((w, f) =>
      ['mark_paid', 'mark_pending', 'mark_cancelled', 'mark_paid_cancel'].map((action_type) => w.asA.post('/api/1/invoices/add_action', { instance_id: f.instanceId, action_type })).concat([
        w.asA.post('/api/1/invoices/add_action', { instance_id: f.instanceId, action_type: 'manual_payment', amount: '5' }),
        w.asA.post('/api/1/invoices/add_action', { instance_id: f.instanceId, action_type: 'credit', rows: [{ amount: '1' }] }),
      ]),
    ),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/get_invoice_instance_actions',
    run: unchanged((w, f) => [w.asA.post('/api/1/invoices/get_invoice_instance_actions', { instance_id: f.instanceId })]),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/add_fake_bank_row',
    run: unchanged((w, f) => [w.asA.post('/api/1/invoices/add_fake_bank_row', { instance_id: f.instanceId, amount: '10', pay_date: '2026-01-01', payer_name: 'A' })]),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/get_credit_invoice',
    run: unchanged((w, f) => [w.asA.post('/api/1/invoices/get_credit_invoice', { iinumber: f.creditNumber })]),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bulk_mark',
    run: unchanged((w, f) => [w.asA.post('/api/1/invoices/bulk_mark', { id: f.invoiceId, action_type: 'mark_paid' })]),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/bulk_undo',
    run: unchanged((w, f) => [w.asA.post('/api/1/invoices/bulk_undo', { batch_id: f.batchId })]),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/reminder_preview',
    run: unchanged((w, f) => [
      w.asA.post('/api/1/invoices/reminder_preview', reminder(f)),
      w.asA.post('/api/1/invoices/reminder_preview', { ...reminder(f), reminder_to_: [f.instanceId] }),
    ]),
  },
  {
    method: 'POST',
    url: '/api/1/invoices/reminder',
    run: unchanged((w, f) => [w.asA.post('/api/1/invoices/reminder', reminder(f)), w.asA.post('/api/1/invoices/reminder', { ...reminder(f), reminder_to_: [f.instanceId] })]),
  },
];
