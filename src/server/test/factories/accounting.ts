import crypto from 'node:crypto';
import type { Db } from '../../db/kysely';
import type { ExpenseClaimStatus } from '../../db/schema';
import { appliedStatement } from './bank-payments';
import { insertInvoiceRows } from './invoice-rows';

// Accounting rows of a given year written straight to the tables (an invoice with one
// instance, a bank payment booked to it, an expense claim with an item, its receipt file and
// an event), for the retention tests: the API cannot date anything in the past.

let seq = 0;

export interface OldInvoice {
  invoiceId: number;
  instanceId: number;
  messageId: number;
  paymentId: number;
}

/** An invoice dated `day` (YYYY-MM-DD) to `memberId` (or nobody), paid by a bank payment that day. */
export async function datedInvoice(db: Db, tenantId: number, day: string, o: { memberId?: number | null; name?: string; address?: string; email?: string; payer?: string; message?: string } = {}): Promise<OldInvoice> {
  const at = `${day}T10:00:00.000Z`;
  const { messageId, invoiceId } = await insertInvoiceRows(db, tenantId, { amount_c: 2500, at });
  // Its own range: other factories and cross-tenant cases number invoices from 500 000 (dashboard), 700 000 and 800 000.
  const number = 600_000 + ++seq;
  const inst = await db
    .insertInto('invoice_instances')
    .values({
      tenant_id: tenantId,
      invoice_id: invoiceId,
      message_id: messageId,
      member_id: o.memberId ?? null,
      recipient_name: o.name ?? 'Vanha Maksaja',
      recipient_address: o.address ?? 'Vanhakatu 1\n00100 Helsinki',
      recipient_email: o.email ?? '',
      invoice_number: number,
      reference: `${number}3`,
      amount_c: 2500,
      paid_c: 2500,
      date_due: day,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('deliveries').values({ tenant_id: tenantId, message_id: messageId, member_id: o.memberId ?? null, medium: 'email', address: o.email || 'vanha@example.fi', status: 'sent', next_attempt_at: at, provider_ref: null, error: null, lease_until: null, created_at: at, status_at: at }).execute();
  const st = await appliedStatement(db, tenantId, [{ amount_c: 2500, booking_date: day, payer_name: o.payer ?? o.name ?? 'Vanha Maksaja', reference: `${number}3`, message: o.message ?? '', state: 'booked' }], at);
  const paymentId = st.paymentIds[0]!;
  await db
    .insertInto('invoice_actions')
    .values({ tenant_id: tenantId, instance_id: inst.id, action_type: 'sync_payment', amount_c: 2500, pay_date: day, payer_name: o.payer ?? o.name ?? 'Vanha Maksaja', archive_id: `ARC${String(paymentId)}`, batch_id: st.batchId, bank_payment_id: paymentId, created_at: at })
    .execute();
  return { invoiceId, instanceId: inst.id, messageId, paymentId };
}

/** An expense claim with one receipt item, its file and a creation event. `handled`: when paid or rejected. */
export async function datedClaim(
  db: Db,
  tenantId: number,
  o: { personId: number; name: string; account?: string; status: ExpenseClaimStatus; day: string; handled?: string },
): Promise<number> {
  const at = `${o.day}T10:00:00.000Z`;
  const handled = o.handled ? `${o.handled}T10:00:00.000Z` : null;
  const claim = await db
    .insertInto('expense_claims')
    .values({
      tenant_id: tenantId,
      person_id: o.personId,
      person_name: o.name,
      person_account_number: o.account ?? 'FI2112345600000785',
      status: o.status,
      description: 'Kahvit',
      amount_c: 1250,
      item_count: 1,
      date_min: o.day,
      date_max: o.day,
      author_id: null,
      created_at: at,
      updated_at: at,
      date_accepted: o.status === 'accepted' || o.status === 'paid' ? at : null,
      date_rejected: o.status === 'rejected' ? handled : null,
      rejection_reason: null,
      date_paid: o.status === 'paid' ? handled : null,
      paid_batch: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const file = await db
    .insertInto('expense_claim_files')
    .values({ tenant_id: tenantId, member_id: o.personId, claim_id: claim.id, mime: 'image/jpeg', data: crypto.randomBytes(16), bytes: 16, sha256: 'x', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('expense_claim_items').values({ tenant_id: tenantId, claim_id: claim.id, position: 0, type: 'receipt', date: o.day, amount_c: 1250, receipt_id: file.id }).execute();
  await db.insertInto('expense_claim_events').values({ tenant_id: tenantId, claim_id: claim.id, kind: 'created', author_name: o.name, created_at: at }).execute();
  return claim.id;
}
