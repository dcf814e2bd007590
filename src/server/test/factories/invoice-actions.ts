import { expect } from 'vitest';
import type { AdminContext } from '../adminContext';
import { invoiceSettings } from './invoice';
import { insertAction, recompute } from '../../modules/invoices/instances-repo';

// What the invoice action tests need around a sent invoice: the outbox having sent it, and
// an association registered for VAT (multi-VAT invoices).

/** The outbox has sent the invoice: its deliveries are no longer queued. */
export async function delivered(ctx: AdminContext, invoiceId: number): Promise<void> {
  const messageIds = (await ctx.t.deps.db.selectFrom('messages').select('id').where('invoice_id', '=', invoiceId).execute()).map((m) => m.id);
  await ctx.t.deps.db.updateTable('deliveries').set({ status: 'sent' }).where('message_id', 'in', messageIds).execute();
}

/** The association registered for VAT: its invoices carry the rows' rates. */
export async function vatObliged(ctx: AdminContext): Promise<void> {
  await invoiceSettings(ctx);
  const s = (await ctx.admin.get('/api/1/settings')).body;
  const r = await ctx.admin.post('/api/1/settings/save', {
    scope_: 'organisation',
    name_: s.name_,
    reply_to_email: s.reply_to_email,
    business_id: s.business_id,
    bank_account: s.bank_account,
    vat_obliged: true,
    porg_enabled: s.porg_enabled,
    invoice_rf_reference: s.invoice_rf_reference,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}


// Actions on invoice instances straight through the shared instance SQL (insertAction and
// recompute in one transaction), for report tests that need payments, credits and marks made
// on given days.

export interface BookedAction {
  action_type: 'sync_payment' | 'manual_payment' | 'mark_paid' | 'mark_cancelled' | 'mark_pending' | 'credit' | 'reminder';
  amount_c?: number;
  /** A bank payment's day. */
  pay_date?: string;
  /** A reminder's new due date. */
  date_due?: string;
  credit_instance_id?: number;
}

export async function bookAction(ctx: Pick<AdminContext, 't' | 'tenant'>, instanceId: number, a: BookedAction): Promise<void> {
  const at = ctx.t.clock.now().toISOString();
  const tenantId = ctx.tenant.tenant.id;
  await ctx.t.deps.db.transaction().execute(async (trx) => {
    await insertAction(trx, {
      tenant_id: tenantId,
      instance_id: instanceId,
      action_type: a.action_type,
      amount_c: a.amount_c ?? null,
      rows: null,
      credit_instance_id: a.credit_instance_id ?? null,
      message_id: null,
      date_due: a.date_due ?? null,
      pay_date: a.pay_date ?? null,
      payer_name: a.pay_date ? 'Maksaja' : null,
      archive_id: null,
      batch_id: null,
      author_id: null,
      created_at: at,
    });
    await recompute(trx, tenantId, instanceId, at);
  });
}

/** A credit invoice of `amountC` (positive: the amount credited) for an instance, and its credit action. */
export async function bookCredit(ctx: Pick<AdminContext, 't' | 'tenant'>, instanceId: number, amountC: number, vatPercent: number): Promise<number> {
  const db = ctx.t.deps.db;
  const tenantId = ctx.tenant.tenant.id;
  const at = ctx.t.clock.now().toISOString();
  const orig = await db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', tenantId).where('id', '=', instanceId).executeTakeFirstOrThrow();
  const last = await db.selectFrom('invoice_counters').select('last_number').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  const number = last.last_number + 1;
  await db.updateTable('invoice_counters').set({ last_number: number }).where('tenant_id', '=', tenantId).execute();
  const credit = await db
    .insertInto('invoice_instances')
    .values({
      tenant_id: tenantId,
      invoice_id: orig.invoice_id,
      message_id: null,
      member_id: orig.member_id,
      kind: 'credit',
      credit_of: orig.id,
      invoice_number: number,
      reference: orig.reference,
      recipient_name: orig.recipient_name,
      amount_c: -amountC,
      rows: JSON.stringify([{ title: 'Hyvitys', amount_c: -amountC, vat_percent: vatPercent }]),
      date_due: orig.date_due,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bookAction(ctx, instanceId, { action_type: 'credit', amount_c: amountC, credit_instance_id: credit.id });
  return credit.id;
}
