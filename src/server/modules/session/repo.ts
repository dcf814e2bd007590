import type { Db } from '../../db/kysely';
import { countSince, type RateTable, recordAt, release, reserve } from '../../db/rateCounts';
import type { Session } from '../../db/schema';

/** Failed logins and 2FA codes are counted in their own table (RateTable, not a message key). */
const FAILURES: RateTable = 'login_failures';

export function insert(db: Db, tenantId: number, s: Omit<Session, 'tenant_id'>): Promise<unknown> {
  return db.insertInto('sessions').values({ ...s, tenant_id: tenantId }).execute();
}

export function findById(db: Db, tenantId: number, id: string): Promise<Session | undefined> {
  return db.selectFrom('sessions').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function touch(db: Db, tenantId: number, id: string, at: string): Promise<unknown> {
  return db.updateTable('sessions').set({ last_seen_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function remove(db: Db, tenantId: number, id: string): Promise<unknown> {
  return db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function listForMember(db: Db, tenantId: number, memberId: number): Promise<Session[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Sessions idle since before `cutoff` are dead; removing them keeps the table small. */
export function removeIdle(db: Db, tenantId: number, cutoff: string): Promise<unknown> {
  return db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('last_seen_at', '<', cutoff).execute();
}

// --- per-user persistent UI data (spec §7 session/set_persistent_data) ---

export async function getUserData(db: Db, tenantId: number, memberId: number): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom('user_data')
    .select(['key', 'value'])
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

export async function setUserData(db: Db, tenantId: number, memberId: number, key: string, value: unknown): Promise<void> {
  if (value === undefined) {
    await db
      .deleteFrom('user_data')
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .where('key', '=', key)
      .execute();
    return;
  }
  await db
    .insertInto('user_data')
    .values({ tenant_id: tenantId, member_id: memberId, key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.columns(['tenant_id', 'member_id', 'key']).doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
}

// --- login throttling ---

export type FailureKind = 'account' | 'ip' | 'mfa';

export function recordFailure(db: Db, tenantId: number, kind: FailureKind, key: string, at: string): Promise<unknown> {
  return recordAt(db, FAILURES, tenantId, kind, key, at);
}

export function countFailures(db: Db, tenantId: number, kind: FailureKind, key: string, since: string): Promise<number> {
  return countSince(db, FAILURES, tenantId, kind, key, since);
}

export function clearFailures(db: Db, tenantId: number, kind: FailureKind, key: string): Promise<unknown> {
  return db.deleteFrom('login_failures').where('tenant_id', '=', tenantId).where('kind', '=', kind).where('key', '=', key).execute();
}

export function pruneFailures(db: Db, tenantId: number, before: string): Promise<unknown> {
  return db.deleteFrom('login_failures').where('tenant_id', '=', tenantId).where('at', '<', before).execute();
}

/** Counts an attempt before it is evaluated (see rateCounts.reserve); null when over `max`. */
export function reserveAttempt(db: Db, tenantId: number, kind: FailureKind, key: string, at: string, since: string, max: number): Promise<number | null> {
  return reserve(db, FAILURES, tenantId, kind, key, at, since, max);
}

export function releaseAttempt(db: Db, tenantId: number, id: number): Promise<unknown> {
  return release(db, FAILURES, tenantId, id);
}
