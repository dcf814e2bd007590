import type { Db } from '../../db/kysely';

// The SQL of a permanent delete that is about members themselves (what names them
// elsewhere: erase.ts). Every function takes the tenant id first.

/** Their own sign-ins name them only through the author id (nulled by eraseTraces), but carry their IP addresses. */
export async function emptySignInLines(db: Db, tenantId: number, memberIds: number[]): Promise<void> {
  await db.updateTable('activity_log').set({ data: '[]' }).where('tenant_id', '=', tenantId).where('context', '=', 'session').where('author_id', 'in', memberIds).execute();
}

/** Log lines about the members keep their event and time, not the data. */
export async function emptyLinesAbout(db: Db, tenantId: number, memberIds: number[]): Promise<void> {
  await db
    .updateTable('activity_log')
    .set({ data: '[]' })
    .where('tenant_id', '=', tenantId)
    .where('context', 'in', memberIds.map((id) => `member:${id}`))
    .execute();
}

/** The member rows with their history (values and memberships go with them: foreign keys). */
export async function deleteMembers(db: Db, tenantId: number, memberIds: number[]): Promise<void> {
  await db.deleteFrom('member_history').where('tenant_id', '=', tenantId).where('member_id', 'in', memberIds).execute();
  await db.deleteFrom('members').where('tenant_id', '=', tenantId).where('id', 'in', memberIds).execute();
}
