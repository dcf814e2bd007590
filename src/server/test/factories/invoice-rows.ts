import type { Db } from '../../db/kysely';

// An invoice written straight into the tables (its message and invoice rows, linked), for
// cross-tenant fixtures, the review tests and the benches that need invoices without the
// API, the outbox or a payment.

export interface InvoiceRowsOptions {
  subject?: string;
  amount_c?: number;
  date_due?: string;
  status?: 'sent' | 'draft';
  /** ISO time of creation and sending; now when left out. */
  at?: string;
}

export async function insertInvoiceRows(db: Db, tenantId: number, o: InvoiceRowsOptions = {}): Promise<{ messageId: number; invoiceId: number }> {
  const at = o.at ?? new Date().toISOString();
  const amount = o.amount_c ?? 1000;
  const status = o.status ?? 'sent';
  const subject = o.subject ?? 'Testilasku';
  const m = await db
    .insertInto('messages')
    .values({ tenant_id: tenantId, kind: 'invoice', msg_media: 'email', subject, content: `<p>${subject}</p>`, status, created_at: at, updated_at: at, sent_at: status === 'sent' ? at : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inv = await db
    .insertInto('invoices')
    .values({ tenant_id: tenantId, message_id: m.id, rows: JSON.stringify([{ title: subject, amount_c: amount, vat_percent: 0 }]), amount_c: amount, date_due: o.date_due ?? '2099-01-01', invoice_date: at.slice(0, 10), created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('messages').set({ invoice_id: inv.id }).where('tenant_id', '=', tenantId).where('id', '=', m.id).execute();
  return { messageId: m.id, invoiceId: inv.id };
}
