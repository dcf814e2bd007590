import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { GroupRow, GroupsTable } from '../../db/schema';

export function listAll(db: Db, tenantId: number): Promise<GroupRow[]> {
  return db.selectFrom('groups').selectAll().where('tenant_id', '=', tenantId).orderBy('position').orderBy('id').execute();
}

export function findById(db: Db, tenantId: number, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function findByName(db: Db, tenantId: number, name: string): Promise<GroupRow | undefined> {
  return db
    .selectFrom('groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function nextPosition(db: Db, tenantId: number): Promise<number> {
  const row = await db.selectFrom('groups').select((eb) => eb.fn.max('position').as('max')).where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(row?.max ?? -1) + 1;
}

export function insert(db: Db, tenantId: number, row: Omit<Insertable<GroupsTable>, 'tenant_id'>): Promise<GroupRow> {
  return db.insertInto('groups').values({ ...row, tenant_id: tenantId }).returningAll().executeTakeFirstOrThrow();
}

export function update(db: Db, tenantId: number, id: number, row: Updateable<GroupsTable>): Promise<unknown> {
  return db.updateTable('groups').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function remove(db: Db, tenantId: number, id: number): Promise<unknown> {
  return db.deleteFrom('groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function setPosition(db: Db, tenantId: number, id: number, position: number): Promise<unknown> {
  return db.updateTable('groups').set({ position }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Member counts of custom groups (live, approved members), keyed by group id. */
export async function memberCounts(db: Db, tenantId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('member_groups as mg')
    .innerJoin('members as m', (j) => j.onRef('m.id', '=', 'mg.member_id').onRef('m.tenant_id', '=', 'mg.tenant_id'))
    .select(['mg.group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('mg.tenant_id', '=', tenantId)
    .where('m.deleted_at', 'is', null)
    .where('m.pending', '=', 0)
    .groupBy('mg.group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

/** Live members: everyone, and those with the board flag (the built-in groups). */
export async function builtinCounts(db: Db, tenantId: number): Promise<{ everyone: number; board: number }> {
  const row = await db
    .selectFrom('members')
    .select([(eb) => eb.fn.countAll<number>().as('everyone'), sql<number>`coalesce(sum(board), 0)`.as('board')])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('pending', '=', 0)
    .executeTakeFirstOrThrow();
  return { everyone: Number(row.everyone), board: Number(row.board) };
}

export function memberIdsOf(db: Db, tenantId: number, groupId: number): Promise<{ member_id: number }[]> {
  return db.selectFrom('member_groups').select('member_id').where('tenant_id', '=', tenantId).where('group_id', '=', groupId).orderBy('member_id').execute();
}
