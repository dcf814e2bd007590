import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { BankPaymentsTable } from '../../db/schema';

// The SQL of the review of bank payments that were not booked (suggested or unmatched):
// the waiting list, one payment, its statement's batch id, and a decision. Tenant id first.

export type BankPaymentRow = Selectable<BankPaymentsTable>;

/** The states of a payment still waiting for the treasurer's decision. */
export const WAITING_STATES = ['suggested', 'unmatched'] as const;

const waiting = (db: Db, tenantId: number) => db.selectFrom('bank_payments').where('tenant_id', '=', tenantId).where('state', 'in', [...WAITING_STATES]);

/** One page of waiting payments, oldest booking first (ties in the order they were loaded). */
export function waitingPage(db: Db, tenantId: number, limit: number, offset: number): Promise<BankPaymentRow[]> {
  return waiting(db, tenantId).selectAll().orderBy('booking_date').orderBy('id').limit(limit).offset(offset).execute();
}

/** How many payments wait and their sum, over every page. */
export async function waitingTotals(db: Db, tenantId: number): Promise<{ count: number; total_c: number }> {
  const r = await waiting(db, tenantId)
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('amount_c').as('total')])
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), total_c: Number(r?.total ?? 0) };
}

export function paymentById(db: Db, tenantId: number, id: number): Promise<BankPaymentRow | undefined> {
  return db.selectFrom('bank_payments').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The batch id of the statement the payment came in (set when the statement was applied). */
export async function statementBatchId(db: Db, tenantId: number, statementId: number): Promise<string | null> {
  const r = await db.selectFrom('bank_statements').select('batch_id').where('tenant_id', '=', tenantId).where('id', '=', statementId).executeTakeFirst();
  return r?.batch_id ?? null;
}

/**
 * Records a decision on a payment only while it still waits; false when it no longer did.
 * The condition in the update is the guard: of two parallel decisions one changes the row
 * (PostgreSQL re-checks the condition after the first commits), the other none.
 */
export async function decide(
  trx: Db,
  tenantId: number,
  id: number,
  set: Pick<Updateable<BankPaymentsTable>, 'state' | 'match_kind' | 'comment' | 'decided_by' | 'decided_at'>,
): Promise<boolean> {
  const r = await trx
    .updateTable('bank_payments')
    .set(set)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('state', 'in', [...WAITING_STATES])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The subject of each instance's invoice (its first message's), by instance id. */
export async function subjectsOf(db: Db, tenantId: number, instanceIds: readonly number[]): Promise<Map<number, string>> {
  if (instanceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_instances as i')
    .innerJoin('invoices as v', (j) => j.onRef('v.id', '=', 'i.invoice_id').onRef('v.tenant_id', '=', 'i.tenant_id'))
    .innerJoin('messages as m', (j) => j.onRef('m.id', '=', 'v.message_id').onRef('m.tenant_id', '=', 'v.tenant_id'))
    .select(['i.id', 'm.subject'])
    .where('i.tenant_id', '=', tenantId)
    .where('i.id', 'in', [...instanceIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.subject]));
}
