import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './kysely';

/**
 * Tables of timed events per (tenant, kind, key) that throttling counts: `rate_events`
 * (applications, password-reset requests) and `login_failures` (wrong passwords and codes).
 */
export type RateTable = 'rate_events' | 'login_failures';

/** How many events of this kind and key happened at or after `since`. */
export async function countSince(db: Db, table: RateTable, tenantId: number, kind: string, key: string, since: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function recordAt(db: Db, table: RateTable, tenantId: number, kind: string, key: string, at: string): Promise<unknown> {
  return db.insertInto(table).values({ tenant_id: tenantId, kind, key, at }).execute();
}

/**
 * Counts an attempt *before* the work it guards, so parallel requests cannot all pass a
 * check made before any of them was recorded: one transaction counts and, when under
 * `max`, inserts the attempt. On PostgreSQL a transaction-scoped advisory lock on
 * (table, tenant, kind, key) serialises the attempts of one key (READ COMMITTED alone
 * would let two transactions count before either inserts); on SQLite the single
 * connection is held by the transaction, which serialises them already. A refused attempt
 * inserts nothing, so refusals do not extend the lock.
 * Returns the new row's id (to release when the attempt turns out fine), or null when refused.
 */
export async function reserve(db: Db, table: RateTable, tenantId: number, kind: string, key: string, at: string, since: string, max: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await lockCounter(trx, table, tenantId, kind, key);
    if ((await countSince(trx, table, tenantId, kind, key, since)) >= max) return null;
    const row = await trx.insertInto(table).values({ tenant_id: tenantId, kind, key, at }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Inside a transaction: waits for, then holds until commit, the lock of one counter, so
 * count-then-record cannot interleave with another caller's for the same key. PostgreSQL:
 * a transaction-scoped advisory lock; SQLite: the transaction's single connection already
 * serialises writers, so nothing to take.
 */
export async function lockCounter(trx: Db, table: RateTable, tenantId: number, kind: string, key: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${table}:${tenantId}:${kind}:${key}`}, 0))`.execute(trx);
  }
}

/** Takes back one reserved attempt (it turned out not to be a failure). */
export function release(db: Db, table: RateTable, tenantId: number, id: number): Promise<unknown> {
  return db.deleteFrom(table).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
