import type { Db } from '../../db/kysely';
import type { DeliveryStatus, Member } from '../../db/schema';

// The SQL of message views: one message, its delivery counts, the letters of a sent message
// piece by piece, a delivery for its web view, and marking it read. Tenant first, always.

export async function findMessage(db: Db, tenantId: number, id: number) {
  return db.selectFrom('messages').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** How many of the message's deliveries are in each status. */
export async function statusCounts(db: Db, tenantId: number, messageId: number): Promise<Partial<Record<DeliveryStatus, number>>> {
  const rows = await db
    .selectFrom('deliveries')
    .select(['status', db.fn.countAll<number | string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The message's letters after `afterId` in id order (cancelled ones were never printed). */
export async function letterDeliveries(db: Db, tenantId: number, messageId: number, afterId: number, limit: number) {
  return db
    .selectFrom('deliveries')
    .select(['id', 'address'])
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('medium', 'in', ['letter', 'pdf'])
    .where('status', '!=', 'cancelled')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Live, approved members by id (for a draft's first recipient), in no particular order. */
export async function membersByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Member[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('members')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where('pending', '=', 0)
    .execute();
}

/** A delivery and what its web view shows. */
export async function deliveryWithMessage(db: Db, tenantId: number, deliveryId: number) {
  return db
    .selectFrom('deliveries as d')
    .innerJoin('messages as m', (j) => j.onRef('m.id', '=', 'd.message_id').onRef('m.tenant_id', '=', 'd.tenant_id'))
    .select(['d.id', 'd.message_id', 'd.member_id', 'd.medium', 'd.address', 'd.status', 'm.kind', 'm.subject', 'm.content', 'm.msg_media', 'm.sent_at'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

/** sent/unknown → read; anything else (already read, bounced, cancelled, confirmed) stays. Returns whether it changed. */
export async function markRead(db: Db, tenantId: number, deliveryId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('deliveries')
    .set({ status: 'read', status_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deliveryId)
    .where('status', 'in', ['sent', 'unknown'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The member's current email and phone, to tell whether a delivery went to them. */
export async function memberContact(db: Db, tenantId: number, memberId: number) {
  return db.selectFrom('members').select(['email', 'phone']).where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst();
}
