import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import type { DeliveryStatus, MessageKind, MessageStatus, MessagesTable } from '../../db/schema';
import type { Insertable, Selectable, Updateable } from 'kysely';

// The SQL of messages (any kind) and of reading their deliveries. Tenant id first, always.

export type MessageRow = Selectable<MessagesTable>;

export async function insert(db: Db, tenantId: number, row: Omit<Insertable<MessagesTable>, 'tenant_id'>): Promise<number> {
  const r = await db
    .insertInto('messages')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function findById(db: Db, tenantId: number, kind: MessageKind, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('tenant_id', '=', tenantId).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
}

/**
 * Changes the message only while it is in `from` status; returns whether it did. Sending
 * goes through this, so two parallel sends of one draft change it once: the second finds
 * it no longer a draft (PostgreSQL re-checks the WHERE after the first commits).
 */
export async function updateIf(db: Db, tenantId: number, id: number, from: MessageStatus, set: Updateable<MessagesTable>): Promise<boolean> {
  const r = await db.updateTable('messages').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function count(db: Db, tenantId: number, kind: MessageKind): Promise<number> {
  const r = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Newest first (ties by id, so paging is stable). */
export function page(db: Db, tenantId: number, kind: MessageKind, limit: number, offset: number): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Subjects containing the term (case-insensitive, Ä = ä too), newest first. */
export function search(db: Db, tenantId: number, kind: MessageKind, term: string, limit: number): Promise<Pick<MessageRow, 'id' | 'subject' | 'sent_at'>[]> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // SQLite's lower() folds ASCII only; seura_lower (db/kysely.ts) is Unicode lower case.
  const subject = isPostgres(db) ? sql`lower(subject)` : sql`seura_lower(subject)`;
  return db
    .selectFrom('messages')
    .select(['id', 'subject', 'sent_at'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where(sql<boolean>`${subject} like ${pattern} escape '\\'`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Deliveries per status of each message (statuses without rows left out). */
export async function statusCounts(db: Db, tenantId: number, messageIds: readonly number[]): Promise<Map<number, Partial<Record<DeliveryStatus, number>>>> {
  const out = new Map<number, Partial<Record<DeliveryStatus, number>>>(messageIds.map((id) => [id, {}]));
  if (messageIds.length === 0) return out;
  const rows = await db
    .selectFrom('deliveries')
    .select(['message_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', [...messageIds])
    .groupBy(['message_id', 'status'])
    .execute();
  for (const r of rows) out.get(r.message_id)![r.status] = Number(r.n);
  return out;
}

export async function deliveryCount(db: Db, tenantId: number, messageId: number): Promise<number> {
  const r = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A page of the message's deliveries with the recipient's current name (empty once erased). */
export function deliveries(db: Db, tenantId: number, messageId: number, limit: number, offset: number) {
  return db
    .selectFrom('deliveries as d')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'd.member_id').onRef('m.tenant_id', '=', 'd.tenant_id'))
    .select(['d.id', 'd.member_id', 'd.address', 'd.status', 'd.status_at', 'm.firstname', 'm.lastname'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.message_id', '=', messageId)
    .orderBy('d.id')
    .limit(limit)
    .offset(offset)
    .execute();
}
