import { sql, type RawBuilder } from 'kysely';
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

// --- ending sessions inside the caller's transaction (see ./end.ts) ---

/** Ends the sessions of the given members, except `keep` (the caller's own, when asked). */
export async function endSessionsOf(db: Db, tenantId: number, memberIds: number[], keep?: string): Promise<number> {
  if (memberIds.length === 0) return 0;
  let q = db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('member_id', 'in', memberIds);
  if (keep !== undefined) q = q.where('id', '!=', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The same for a set of members given as an SQL subquery (bulk actions' pinned ids). */
export async function endSessionsIn(db: Db, tenantId: number, memberIds: RawBuilder<unknown>): Promise<void> {
  await sql`delete from sessions where tenant_id = ${tenantId} and member_id in ${memberIds}`.execute(db);
}

/** Every session of every site admin, whatever the admin's state now (removed and inactive included). */
export async function endSiteAdminSessions(db: Db, tenantId: number): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('tenant_id', '=', tenantId)
    .where('member_id', 'in', (eb) => eb.selectFrom('members').select('members.id').where('members.tenant_id', '=', tenantId).where('members.site_admin', '=', 1))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Sessions idle since before `cutoff` are dead; removing them keeps the table small. */
export function removeIdle(db: Db, tenantId: number, cutoff: string): Promise<unknown> {
  return db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('last_seen_at', '<', cutoff).execute();
}

// --- per-user persistent UI data (session/set_persistent_data) ---

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

/** What a failure counter counts: logins per account and per IP, 2FA codes, wrong current passwords on a password change, wrong reset-link tokens. */
export type FailureKind = 'account' | 'ip' | 'mfa' | 'current_password' | 'reset_token';

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
