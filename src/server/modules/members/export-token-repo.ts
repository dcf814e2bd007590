import type { Db } from '../../db/kysely';

// Single-use export addresses: stored as a hash of the token, bound to a session and member.

export async function deleteExpired(db: Db, tenantId: number, now: string): Promise<void> {
  await db.deleteFrom('export_tokens').where('tenant_id', '=', tenantId).where('expires_at', '<=', now).execute();
}

export async function insert(db: Db, tenantId: number, row: { id: string; session_id: string; member_id: number; request: string; expires_at: string }): Promise<void> {
  await db.insertInto('export_tokens').values({ ...row, tenant_id: tenantId }).execute();
}

/** The live token of this session and member, if any. */
export function findLive(db: Db, tenantId: number, id: string, sessionId: string, memberId: number, now: string) {
  return db
    .selectFrom('export_tokens')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('session_id', '=', sessionId)
    .where('member_id', '=', memberId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** True for the one caller whose delete removed the row (of two racing requests, one wins). */
export async function take(db: Db, tenantId: number, id: string): Promise<boolean> {
  const gone = await db.deleteFrom('export_tokens').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(gone.numDeletedRows) === 1;
}
