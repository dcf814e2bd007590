import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { ReceiptsTable } from '../../db/schema';
import type { Insertable, Selectable } from 'kysely';

export type ReceiptRow = Selectable<ReceiptsTable>;

/**
 * Takes the association's next receipt number. One statement raises the counter (creating it
 * at 1), which row-locks it until the caller's transaction ends: a parallel payment waits,
 * and a rolled-back one gives its number back, so numbers have no gaps.
 */
export async function nextNumber(trx: Db, tenantId: number): Promise<number> {
  const row = await trx
    .insertInto('receipt_counters')
    .values({ tenant_id: tenantId, last_number: 1 })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ last_number: sql`receipt_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insert(trx: Db, tenantId: number, values: Omit<Insertable<ReceiptsTable>, 'tenant_id' | 'id'>): Promise<number> {
  const row = await trx
    .insertInto('receipts')
    .values({ ...values, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findById(db: Db, tenantId: number, id: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Newest first. */
export function page(db: Db, tenantId: number, limit: number, offset: number): Promise<ReceiptRow[]> {
  return db.selectFrom('receipts').selectAll().where('tenant_id', '=', tenantId).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function count(db: Db, tenantId: number): Promise<number> {
  const row = await db.selectFrom('receipts').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Receipts whose instant falls in [fromAt, beforeAt), oldest first (the year's report). */
export function between(db: Db, tenantId: number, fromAt: string, beforeAt: string): Promise<ReceiptRow[]> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('at', '>=', fromAt)
    .where('at', '<', beforeAt)
    .orderBy('number', 'asc')
    .execute();
}
