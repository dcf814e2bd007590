import { expect } from 'vitest';
import type { AdminContext } from '../adminContext';
import { invoiceSettings } from './invoice';

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

