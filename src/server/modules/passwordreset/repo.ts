import type { Db } from '../../db/kysely';
import { countSince, recordAt } from '../../db/rateCounts';
import type { PasswordResetsTable } from '../../db/schema';

// Emailed reset links (only hashes) and the rate-limit counters of their requests.

export function insert(db: Db, tenantId: number, row: Omit<PasswordResetsTable, 'tenant_id' | 'used_at'>): Promise<unknown> {
  return db.insertInto('password_resets').values({ ...row, tenant_id: tenantId, used_at: null }).execute();
}

export function find(db: Db, tenantId: number, id: string) {
  return db.selectFrom('password_resets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Spends the still-unspent links that match, by link or by member. */
function spendWhere(db: Db, tenantId: number, column: 'id' | 'member_id', value: string | number, at: string) {
  return db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where(column, '=', value)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

/** Spends one link; false when it was already spent (a second tab, a replay). */
export async function markUsed(db: Db, tenantId: number, id: string, at: string): Promise<boolean> {
  const r = await spendWhere(db, tenantId, 'id', id, at);
  return Number(r.numUpdatedRows) === 1;
}

/** Every other outstanding link of the member dies with the one used. */
export function spendAllOf(db: Db, tenantId: number, memberId: number, at: string): Promise<unknown> {
  return spendWhere(db, tenantId, 'member_id', memberId, at);
}

/** Links long past their expiry are of no use to anyone; removing them keeps the table small. */
export function pruneExpired(db: Db, tenantId: number, before: string): Promise<unknown> {
  return db.deleteFrom('password_resets').where('tenant_id', '=', tenantId).where('expires_at', '<', before).execute();
}

// --- request throttling, in the shared rate_events counters ---

export type RateKind = 'password_reset_address' | 'password_reset_ip';

export function countEvents(db: Db, tenantId: number, kind: RateKind, key: string, since: string): Promise<number> {
  return countSince(db, 'rate_events', tenantId, kind, key, since);
}

export function recordEvent(db: Db, tenantId: number, kind: RateKind, key: string, at: string): Promise<unknown> {
  return recordAt(db, 'rate_events', tenantId, kind, key, at);
}
