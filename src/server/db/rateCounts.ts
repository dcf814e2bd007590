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
