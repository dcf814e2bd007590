import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { PaymentItemsTable } from '../../db/schema';
import type { MessagePrice } from '../../../shared/messages/prices';

// Payment items ("mooney"): what one user action costs and whether it is paid. Tenant id first.

export type PaymentItemRow = Selectable<PaymentItemsTable>;

export async function insert(db: Db, row: Insertable<PaymentItemsTable>): Promise<void> {
  await db.insertInto('payment_items').values(row).execute();
}

/** The payment item of sending a message at its previewed price; a free one is paid at once. */
export async function insertForMessage(
  db: Db,
  item: { id: string; tenantId: number; context: string; messageId: number; price: MessagePrice; goto: string; authorId: number; at: string },
): Promise<void> {
  await insert(db, {
    id: item.id,
    tenant_id: item.tenantId,
    context: item.context,
    subject_id: item.messageId,
    price_rows: JSON.stringify(item.price.rows),
    discount_cents: item.price.discount_cents,
    original_amount: item.price.total_cents,
    amount: item.price.total_cents,
    method: null,
    paid_at: item.price.total_cents === 0 ? item.at : null,
    goto: item.goto,
    author_id: item.authorId,
    created_at: item.at,
  });
}

export function findById(db: Db, tenantId: number, id: string): Promise<PaymentItemRow | undefined> {
  return db.selectFrom('payment_items').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function setMethod(db: Db, tenantId: number, id: string, method: 'balance' | 'online'): Promise<void> {
  await db.updateTable('payment_items').set({ method }).where('tenant_id', '=', tenantId).where('id', '=', id).where('paid_at', 'is', null).execute();
}

/**
 * Marks the item paid unless it already is; returns whether this call did. The conditional
 * update is the claim: a parallel payment of the same item waits on the row (PostgreSQL) or
 * the connection (SQLite) and then finds it paid, so an item is paid, and charged, once.
 */
export async function claimPaid(db: Db, tenantId: number, id: string, method: 'balance' | 'online' | null, at: string): Promise<boolean> {
  const r = await db
    .updateTable('payment_items')
    .set({ paid_at: at, method })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// Paid by a method: an item of amount 0 is settled at once without one and is no transaction.
const paid = (db: Db, tenantId: number) => db.selectFrom('payment_items').where('tenant_id', '=', tenantId).where('paid_at', 'is not', null).where('method', 'is not', null);

/** Paid items, newest first: the log's transaction list. */
export function paidPage(db: Db, tenantId: number, limit: number, offset: number) {
  return paid(db, tenantId)
    .select(['id', 'paid_at', 'context', 'subject_id', 'price_rows', 'discount_cents', 'original_amount', 'amount', 'method'])
    .orderBy('paid_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function paidCount(db: Db, tenantId: number): Promise<number> {
  const r = await paid(db, tenantId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The years with paid items, newest first. */
export async function paidYears(db: Db, tenantId: number): Promise<number[]> {
  const rows = await paid(db, tenantId)
    .select((eb) => eb.fn<string>('substr', ['paid_at', eb.val(1), eb.val(4)]).as('y'))
    .distinct()
    .execute();
  return rows.map((r) => Number(r.y)).sort((a, b) => b - a);
}
