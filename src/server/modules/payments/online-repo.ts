import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { PaymentAttemptsTable } from '../../db/schema';

// Online charge attempts of payment items. Tenant id first.
export type AttemptRow = Selectable<PaymentAttemptsTable>;

export async function insertAttempt(db: Db, row: Insertable<PaymentAttemptsTable>): Promise<void> {
  await db.insertInto('payment_attempts').values(row).execute();
}

export function attemptByStamp(db: Db, tenantId: number, stamp: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('tenant_id', '=', tenantId).where('stamp', '=', stamp).executeTakeFirst();
}

export async function attemptCount(db: Db, tenantId: number, paymentId: string): Promise<number> {
  const r = await db
    .selectFrom('payment_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Records the provider's outcome of an attempt; an attempt that paid stays `ok`. */
export async function setAttemptStatus(db: Db, tenantId: number, stamp: string, status: 'ok' | 'fail', transactionId: string | null): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status, transaction_id: transactionId })
    .where('tenant_id', '=', tenantId)
    .where('stamp', '=', stamp)
    .where('status', '!=', 'ok')
    .execute();
}

export async function markOnline(db: Db, tenantId: number, paymentId: string, v: { stamp: string; providerRef: string | null; charged: number }): Promise<void> {
  await db
    .updateTable('payment_items')
    .set({ stamp: v.stamp, provider_ref: v.providerRef, charged_amount: v.charged })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', paymentId)
    .execute();
}
