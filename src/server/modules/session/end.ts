import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/kysely';

// Ending sessions inside the caller's transaction (issue 11): a member who is removed,
// deactivated, re-passworded or promoted keeps no session from before the change.

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
