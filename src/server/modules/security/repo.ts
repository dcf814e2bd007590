import type { Db } from '../../db/kysely';
import type { LoginChallenge, MemberSecurity } from '../../db/schema';

// SQL for two-factor authentication and admin sessions. Every statement is tenant-scoped.

export function find(db: Db, tenantId: number, memberId: number): Promise<MemberSecurity | undefined> {
  return db
    .selectFrom('member_security')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export function listFor(db: Db, tenantId: number, memberIds: number[]): Promise<MemberSecurity[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('member_security').selectAll().where('tenant_id', '=', tenantId).where('member_id', 'in', memberIds).execute();
}

export type SecurityChange = Partial<Omit<MemberSecurity, 'tenant_id' | 'member_id' | 'updated_at'>> & { updated_at: string };

/** Inserts the admin's row on first use, otherwise changes the given columns. */
export async function upsert(db: Db, tenantId: number, memberId: number, change: SecurityChange): Promise<void> {
  await db
    .insertInto('member_security')
    .values({ tenant_id: tenantId, member_id: memberId, mfa_state: 'none', last_step: 0, ...change })
    .onConflict((oc) => oc.columns(['tenant_id', 'member_id']).doUpdateSet(change))
    .execute();
}

/**
 * Moves last_step forward only if it is still below `step`; false when another request
 * already used this code (two requests racing with the same code cannot both pass).
 */
export async function claimStep(db: Db, tenantId: number, memberId: number, step: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('member_security')
    .set({ last_step: step, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Accepts an emailed reset code once: back to enrolling, with every secret and the code's
 * hash gone. False when the hash no longer matches (already used by a parallel request).
 */
export async function spendResetCode(db: Db, tenantId: number, memberId: number, codeHash: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('member_security')
    .set({ mfa_state: 'setting_up', secret_enc: null, pending_secret_enc: null, reset_code_hash: null, reset_expires_at: null, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .where('reset_code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// --- login challenges (between password and code) ---

export function insertChallenge(db: Db, tenantId: number, c: Omit<LoginChallenge, 'tenant_id'>): Promise<unknown> {
  return db.insertInto('login_challenges').values({ ...c, tenant_id: tenantId }).execute();
}

export function findChallenge(db: Db, tenantId: number, id: string): Promise<LoginChallenge | undefined> {
  return db.selectFrom('login_challenges').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function setChallengeStep(db: Db, tenantId: number, id: string, step: string): Promise<unknown> {
  return db.updateTable('login_challenges').set({ step }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function removeChallenge(db: Db, tenantId: number, id: string): Promise<unknown> {
  return db.deleteFrom('login_challenges').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Old challenges go, and a member has one live challenge at a time. */
export function removeChallenges(db: Db, tenantId: number, opts: { expiredBefore?: string; memberId?: number }): Promise<unknown> {
  let q = db.deleteFrom('login_challenges').where('tenant_id', '=', tenantId);
  if (opts.expiredBefore !== undefined) q = q.where('expires_at', '<', opts.expiredBefore);
  if (opts.memberId !== undefined) q = q.where('member_id', '=', opts.memberId);
  return q.execute();
}

// --- sessions of admins ---

export async function sessionCounts(db: Db, tenantId: number, memberIds: number[], liveSince: string): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select(['member_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('member_id', 'in', memberIds)
    .where('last_seen_at', '>=', liveSince)
    .groupBy('member_id')
    .execute();
  return new Map(rows.map((r) => [r.member_id, Number(r.n)]));
}

