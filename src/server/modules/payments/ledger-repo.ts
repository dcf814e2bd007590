import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { BalanceKind } from '../../db/schema';

// The balance ledger's SQL. The balance is the sum of the association's rows; rows are only
// ever added (a correction is a new row), never updated in place. Every function takes a Db
// that may be a transaction, tenant id first.

export interface NewBalanceRow {
  at: string;
  kind: BalanceKind;
  /** Signed cents: credits positive, fees negative. */
  amountCents: number;
  /** The part of amountCents that is free balance (referral credits). */
  freeCents?: number;
  note?: string;
  paymentId?: string | null;
  authorId?: number | null;
}

export async function addRow(db: Db, tenantId: number, row: NewBalanceRow): Promise<number> {
  const r = await db
    .insertInto('balance_rows')
    .values({
      tenant_id: tenantId,
      at: row.at,
      kind: row.kind,
      amount_cents: row.amountCents,
      free_cents: row.freeCents ?? 0,
      note: row.note ?? '',
      payment_id: row.paymentId ?? null,
      author_id: row.authorId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The balance in cents: the sum of the rows, 0 when there are none. */
export async function balanceOf(db: Db, tenantId: number): Promise<number> {
  const r = await db
    .selectFrom('balance_rows')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  // PostgreSQL's sum of integers is bigint, which the driver hands over as a string.
  return Number(r.n);
}

/** The free part of the balance (referral credits less the fees they paid), never above the balance. */
export async function freeOf(db: Db, tenantId: number): Promise<number> {
  const r = await db
    .selectFrom('balance_rows')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('free_cents'), eb.val(0)).as('f'), eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('n')])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Math.max(0, Math.min(Number(r.f), Number(r.n)));
}

/** The rows, newest first (ties by id, so paging is stable). */
export function rowsOf(db: Db, tenantId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('balance_rows')
    .select(['id', 'at', 'kind', 'amount_cents', 'free_cents', 'note', 'payment_id', 'author_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * Inside a transaction: waits for, then holds until commit, the lock of one association's
 * balance, so check-then-charge cannot interleave with a parallel charge (the same kind of
 * lock as the rate counters'). PostgreSQL: a transaction-scoped advisory lock (READ COMMITTED
 * alone would let two transactions sum before either inserts); SQLite: the transaction's
 * single connection already serialises writers.
 */
export async function lockBalance(trx: Db, tenantId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`balance_rows:${tenantId}`}, 0))`.execute(trx);
  }
}
