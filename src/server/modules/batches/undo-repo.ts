import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import type { Selectable } from 'kysely';
import type { BatchesTable, Member } from '../../db/schema';
import { NUMERIC_COLUMNS, RECORDED_COLUMNS, type RecordedRow } from './repo';
import { jsonRows } from '../../db/jsonRows';
import { VALUE_COLUMNS, type ValueRow } from '../members/repo';
import { BY_NAME } from '../members/list-repo';
import { SET_STAGED_TEXT } from '../members/search-repo';
import { keepMembers } from '../members/bulk-repo';

export type { RecordedRow };

// The SQL of an undo: which members it may touch, and putting back what a batch recorded.
// Every function takes the tenant id first.

export type Batch = Selectable<BatchesTable>;

export function findBatch(db: Db, tenantId: number, batchId: string): Promise<Batch | undefined> {
  return db.selectFrom('batches').selectAll().where('tenant_id', '=', tenantId).where('id', '=', batchId).executeTakeFirst();
}

/** Pinned members changed since the batch (updated_at moved on), by name. */
export async function changedSince(db: Db, tenantId: number, batch: Pick<Batch, 'id' | 'created_at'>): Promise<{ id: number; firstname: string; lastname: string }[]> {
  const r = await sql<{ id: number; firstname: string; lastname: string }>`
    select m.id, m.firstname, m.lastname from members m
    where m.tenant_id = ${tenantId} and m.id in (select member_id from batch_values where tenant_id = ${tenantId} and batch_id = ${batch.id} and kind = 'member' and item = '')
      and m.updated_at <> ${batch.created_at}
    order by ${BY_NAME}`.execute(db);
  return r.rows;
}

/** The members the undo may touch (see fillTarget), as a subquery. */
export const TARGET: RawBuilder<unknown> = sql`(select id from undo_target)`;

/**
 * Collects the members this undo may touch (pinned by the batch, not changed since) into a
 * scratch table and returns how many. As a subquery joined to members it would be re-run
 * for every row the undo deletes or updates (measured: seconds per thousand members).
 * `item = ''` (every pin's) keys batch_values_batch to the member: right after a bulk edit
 * PostgreSQL's statistics still say no member has the batch time, and the nested loop it
 * then chose scanned all the batch's pins for each member (100 s at 20 000).
 */
export async function fillTarget(db: Db, tenantId: number, batch: Pick<Batch, 'id' | 'created_at'>): Promise<number> {
  await sql`create temp table if not exists undo_target (id integer primary key)`.execute(db);
  await sql`delete from undo_target`.execute(db);
  await sql`insert into undo_target (id) select p.member_id from batch_values p join members m on m.tenant_id = p.tenant_id and m.id = p.member_id
    where p.tenant_id = ${tenantId} and p.batch_id = ${batch.id} and p.kind = 'member' and p.item = '' and m.updated_at = ${batch.created_at}${keepMembers(isPostgres(db) ? 'postgres' : 'sqlite')}`.execute(db);
  return Number((await sql<{ n: number }>`select count(*) as n from undo_target`.execute(db)).rows[0]?.n ?? 0);
}

export async function recordedItems(db: Db, tenantId: number, batchId: string): Promise<{ kind: string; item: string }[]> {
  const r = await sql<{ kind: string; item: string }>`select distinct kind, item from batch_values where tenant_id = ${tenantId} and batch_id = ${batchId} and kind <> 'member'`.execute(db);
  return r.rows;
}

const from = (tenantId: number, batchId: string, kind: string, item: string) =>
  sql`from batch_values u where u.tenant_id = ${tenantId} and u.batch_id = ${batchId} and u.kind = ${kind} and u.item = ${item}`;

/**
 * The target members that recorded this item: a batch may change different items for
 * different members (an import updates some columns here, others there, and creates
 * members that recorded nothing). Served by batch_values_batch; one IN with the target
 * inside it (two INs side by side took SQLite 2 s per thousand members).
 */
export const recordedFor = (tenantId: number, batchId: string, kind: string, item: string): RawBuilder<unknown> =>
  sql`(select u.member_id ${from(tenantId, batchId, kind, item)} and u.member_id in ${TARGET})`;

export async function restoreColumn(db: Db, tenantId: number, batchId: string, column: string): Promise<void> {
  const old = from(tenantId, batchId, 'col', column);
  await sql`update members set ${sql.ref(column)} = (select ${NUMERIC_COLUMNS.has(column) ? sql`u.old_num` : sql`u.old_text`} ${old} and u.member_id = members.id)
    where tenant_id = ${tenantId} and id in ${recordedFor(tenantId, batchId, 'col', column)}`.execute(db);
}

/**
 * Puts a custom field's recorded values back (none for an empty one; not if the field is gone).
 * A value is written over the current one in place rather than deleted and inserted again:
 * on PostgreSQL a new row costs a foreign-key check per key (the undo of a whole-register
 * edit puts back 170 000 values).
 */
export async function restoreValue(db: Db, tenantId: number, batchId: string, fieldId: number): Promise<void> {
  const old = from(tenantId, batchId, 'value', String(fieldId));
  await sql`delete from member_values where tenant_id = ${tenantId} and field_id = ${fieldId}
    and member_id in (select u.member_id ${old} and u.old_text is null and u.old_num is null and u.member_id in ${TARGET})`.execute(db);
  await sql`insert into member_values (tenant_id, member_id, field_id, value_text, value_num)
    select ${tenantId}, u.member_id, ${fieldId}, u.old_text, u.old_num ${old}
    and (u.old_text is not null or u.old_num is not null) and u.member_id in ${TARGET}
    and exists (select 1 from fields f where f.tenant_id = ${tenantId} and f.id = ${fieldId})
    on conflict (tenant_id, member_id, field_id) do update set value_text = excluded.value_text, value_num = excluded.value_num`.execute(db);
}

/** Puts group memberships back as recorded (not if the group is gone). */
export async function restoreGroup(db: Db, tenantId: number, batchId: string, groupId: number): Promise<void> {
  const old = from(tenantId, batchId, 'group', String(groupId));
  await sql`delete from member_groups where tenant_id = ${tenantId} and group_id = ${groupId} and member_id in ${recordedFor(tenantId, batchId, 'group', String(groupId))}`.execute(db);
  await sql`insert into member_groups (tenant_id, group_id, member_id)
    select ${tenantId}, ${groupId}, u.member_id ${old} and u.old_num = 1 and u.member_id in ${TARGET}
    and exists (select 1 from groups g where g.tenant_id = ${tenantId} and g.id = ${groupId})`.execute(db);
}

/** Target members the batch created. */
export async function createdMembers(db: Db, tenantId: number, batchId: string): Promise<number[]> {
  const r = await sql<{ member_id: number }>`select u.member_id ${from(tenantId, batchId, 'created', '')} and u.member_id in ${TARGET}`.execute(db);
  return r.rows.map((x) => x.member_id);
}

/** The before-values of the target members, for the undo's member history. */
export async function targetRows(db: Db, tenantId: number, batchId: string): Promise<RecordedRow[]> {
  return jsonRows<RecordedRow>(
    db,
    RECORDED_COLUMNS,
    sql`from batch_values u where u.tenant_id = ${tenantId} and u.batch_id = ${batchId} and u.kind in ('col', 'value', 'group') and u.member_id in ${TARGET}`,
  );
}

/** What the target members hold now, for the items the batch recorded for them. */
export async function currentOfTarget(db: Db, tenantId: number, batchId: string) {
  const recorded = (kind: string) => sql`(select u.member_id from batch_values u where u.tenant_id = ${tenantId} and u.batch_id = ${batchId} and u.kind = ${kind} and u.member_id in ${TARGET})`;
  const [members, values, groups] = await Promise.all([
    sql<Member>`select * from members where tenant_id = ${tenantId} and id in ${recorded('col')}`.execute(db),
    jsonRows<ValueRow>(db, VALUE_COLUMNS, sql`from member_values where tenant_id = ${tenantId} and member_id in ${recorded('value')}`),
    jsonRows<{ member_id: number; group_id: number }>(db, ['member_id', 'group_id'], sql`from member_groups where tenant_id = ${tenantId} and member_id in ${recorded('group')}`),
  ]);
  return { members: members.rows, values, groups };
}

/** The target members in order (for work done in chunks, like staging search text). */
export async function targetIds(db: Db): Promise<number[]> {
  return (await sql<{ id: number }>`select id from undo_target order by id`.execute(db)).rows.map((r) => r.id);
}

/**
 * Whether every target member's pin kept its search text from before the batch (recorder
 * pinRecorded) under the same `searchKey` (members/search-text.ts searchModelKey). Unchanged
 * since the batch and with everything it recorded put back, a target member then has that text
 * again; a searched field added, removed or changed since may change what the text is made of.
 */
export async function pinnedTextsHold(db: Db, tenantId: number, batchId: string, searchKey: number): Promise<boolean> {
  const r = await sql`select 1 as one from batch_values p where p.tenant_id = ${tenantId} and p.batch_id = ${batchId} and p.kind = 'member' and p.item = '' and p.member_id in ${TARGET}
    and (p.old_text is null or p.old_num is distinct from ${searchKey}) limit 1`.execute(db);
  return r.rows.length === 0;
}

/**
 * Marks the target members changed at `at`, with their search text in the same statement:
 * 'staged' (search-text.ts) or 'pinned' (the text each pin kept; see pinnedTextsHold).
 */
export async function touchTarget(db: Db, tenantId: number, batchId: string, at: string, text: 'staged' | 'pinned' | null): Promise<void> {
  const set =
    text === 'staged'
      ? sql`, ${SET_STAGED_TEXT}`
      : text === 'pinned'
        ? sql`, search_text = (select p.old_text from batch_values p where p.tenant_id = ${tenantId} and p.batch_id = ${batchId} and p.kind = 'member' and p.item = '' and p.member_id = members.id)`
        : sql``;
  await sql`update members set updated_at = ${at}${set} where tenant_id = ${tenantId} and id in ${TARGET}`.execute(db);
}

export async function markUndone(db: Db, tenantId: number, batchId: string, at: string): Promise<void> {
  await db.updateTable('batches').set({ undone_at: at }).where('tenant_id', '=', tenantId).where('id', '=', batchId).execute();
}
