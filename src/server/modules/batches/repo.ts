import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import { jsonRows } from '../../db/jsonRows';
import { bulkInsert } from '../../db/bulkInsert';

// Recording a batch: the `batches` row and its `batch_values` (kind 'member' pins a member
// in scope; 'col', 'value', 'group' keep a value from before the batch; 'created' marks a
// member the batch created). Every function takes the tenant id first.

/** A value as it was before the batch, for one member and one item. */
export interface RecordedRow {
  member_id: number;
  /** 'col' (members column), 'value' (custom field id), 'group' (group id), 'created' */
  kind: string;
  item: string;
  old_text: string | null;
  old_num: number | null;
}

/** Columns of `members` kept as numbers (flags); the others are text. */
export const NUMERIC_COLUMNS: ReadonlySet<string> = new Set(['active', 'board', 'site_admin', 'pending', 'imported']);

export interface NewBatch {
  id: string;
  kind: string;
  summary: unknown;
  authorId: number | null;
  at: string;
}

export async function insertBatch(db: Db, tenantId: number, b: NewBatch): Promise<void> {
  await db
    .insertInto('batches')
    .values({ id: b.id, tenant_id: tenantId, kind: b.kind, summary: JSON.stringify(b.summary), member_count: 0, author_id: b.authorId, created_at: b.at })
    .execute();
}

/** `(select member_id …)`: the members the batch pinned, for `m.id in …` in set statements. */
export const pinnedIds = (tenantId: number, batchId: string): RawBuilder<unknown> =>
  sql`(select member_id from batch_values where tenant_id = ${tenantId} and batch_id = ${batchId} and kind = 'member' and item = '')`;

/** Pins the members `where` matches (a condition over `members m`). */
export async function pinWhere(db: Db, tenantId: number, batchId: string, where: RawBuilder<unknown>): Promise<void> {
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item)
    select m.tenant_id, ${batchId}, m.id, 'member', '' from members m where m.tenant_id = ${tenantId} and ${where}`.execute(db);
}

/** Explicit rows (pins and before-values the caller read itself). */
export async function insertRows(db: Db, tenantId: number, batchId: string, rows: readonly RecordedRow[]): Promise<void> {
  await bulkInsert(db, 'batch_values', { member_id: 'integer', kind: 'text', item: 'text', old_text: 'text', old_num: 'double precision' }, rows, { tenant_id: tenantId, batch_id: batchId });
}

export async function countPinned(db: Db, tenantId: number, batchId: string): Promise<number> {
  const n = await sql<{ n: number }>`select count(*) as n from batch_values where tenant_id = ${tenantId} and batch_id = ${batchId} and kind = 'member'`.execute(db);
  return Number(n.rows[0]?.n ?? 0);
}

/**
 * PostgreSQL plans the set statements that follow a large pin from statistics that do not
 * yet know about the rows just pinned (a nested loop over 100 000 pins ran for minutes).
 */
export async function refreshPlannerStats(db: Db, pinned: number): Promise<void> {
  if (isPostgres(db) && pinned > 1000) await sql`analyze batch_values`.execute(db);
}

export async function setMemberCount(db: Db, tenantId: number, batchId: string, count: number): Promise<void> {
  await db.updateTable('batches').set({ member_count: count }).where('tenant_id', '=', tenantId).where('id', '=', batchId).execute();
}

// --- set-based before-values: one statement per item over all pinned members ---

/** The pinned members' current value of a `members` column. */
export async function recordColumn(db: Db, tenantId: number, batchId: string, column: string): Promise<void> {
  const col = sql.ref(`m.${column}`);
  const numeric = NUMERIC_COLUMNS.has(column);
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item, old_text, old_num)
    select m.tenant_id, ${batchId}, m.id, 'col', ${column}, ${numeric ? sql`null` : col}, ${numeric ? col : sql`null`}
    from members m where m.tenant_id = ${tenantId} and m.id in ${pinnedIds(tenantId, batchId)}`.execute(db);
}

/** The pinned members' current value of a custom field (null when they have none). */
export async function recordValue(db: Db, tenantId: number, batchId: string, fieldId: number): Promise<void> {
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item, old_text, old_num)
    select ${tenantId}, ${batchId}, p.member_id, 'value', ${String(fieldId)}, v.value_text, v.value_num
    from batch_values p left join member_values v on v.tenant_id = ${tenantId} and v.member_id = p.member_id and v.field_id = ${fieldId}
    where p.tenant_id = ${tenantId} and p.batch_id = ${batchId} and p.kind = 'member'`.execute(db);
}

/** Whether each pinned member is in the group now (old_num 1 or 0). */
export async function recordGroup(db: Db, tenantId: number, batchId: string, groupId: number): Promise<void> {
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item, old_num)
    select ${tenantId}, ${batchId}, p.member_id, 'group', ${String(groupId)}, case when g.member_id is null then 0 else 1 end
    from batch_values p left join member_groups g on g.tenant_id = ${tenantId} and g.group_id = ${groupId} and g.member_id = p.member_id
    where p.tenant_id = ${tenantId} and p.batch_id = ${batchId} and p.kind = 'member'`.execute(db);
}

// --- before-values of only the members a change reaches (bulk edit) ---
// `scope` is a subquery of member ids (`select id from …`). A member whose value already is
// the new one records nothing, so the edit neither writes nor touches it and its undo skips it.

/** The current value of a `members` column, for members in scope whose value differs from `value`. */
export async function recordColumnChange(db: Db, tenantId: number, batchId: string, scope: RawBuilder<unknown>, column: string, value: string | number | null): Promise<void> {
  const col = sql.ref(`m.${column}`);
  const numeric = NUMERIC_COLUMNS.has(column);
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item, old_text, old_num)
    select m.tenant_id, ${batchId}, m.id, 'col', ${column}, ${numeric ? sql`null` : col}, ${numeric ? col : sql`null`}
    from members m where m.tenant_id = ${tenantId} and m.id in ${scope} and ${col} is distinct from ${value}`.execute(db);
}

/**
 * The current value of a custom field, for members in scope for whom setting `value` changes
 * it (an empty value: those who have one); 'missing': only members without a value.
 */
export async function recordValueChange(db: Db, tenantId: number, batchId: string, scope: RawBuilder<unknown>, fieldId: number, value: { text: string | null; num: number | null } | 'missing'): Promise<void> {
  const differs =
    value === 'missing'
      ? sql`v.member_id is null`
      : value.text === null && value.num === null
        ? sql`v.member_id is not null`
        : sql`(v.member_id is null or v.value_text is distinct from ${value.text} or v.value_num is distinct from ${value.num})`;
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item, old_text, old_num)
    select ${tenantId}, ${batchId}, s.id, 'value', ${String(fieldId)}, v.value_text, v.value_num
    from ${scope} s left join member_values v on v.tenant_id = ${tenantId} and v.member_id = s.id and v.field_id = ${fieldId}
    where ${differs}`.execute(db);
}

/** Group membership (0: out), for members in scope not yet where `on` puts them. */
export async function recordGroupChange(db: Db, tenantId: number, batchId: string, scope: RawBuilder<unknown>, groupId: number, on: boolean): Promise<void> {
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item, old_num)
    select ${tenantId}, ${batchId}, s.id, 'group', ${String(groupId)}, ${sql.lit(on ? 0 : 1)}
    from ${scope} s left join member_groups g on g.tenant_id = ${tenantId} and g.group_id = ${groupId} and g.member_id = s.id
    where ${on ? sql`g.member_id is null` : sql`g.member_id is not null`}`.execute(db);
}

/**
 * Pins every member something was recorded for. Each pin keeps the member's quick-search text
 * as it was and `searchKey` (members/search-text.ts searchModelKey), so that an undo that puts
 * everything back can put the text back too instead of making it again (undo-repo.ts
 * pinnedTextsHold; 4–5 s of a 100 000-member undo on PostgreSQL, 2 s on SQLite).
 */
export async function pinRecorded(db: Db, tenantId: number, batchId: string, searchKey: number): Promise<void> {
  const recorded = sql`(select distinct member_id from batch_values where tenant_id = ${tenantId} and batch_id = ${batchId} and kind <> 'member')`;
  await sql`insert into batch_values (tenant_id, batch_id, member_id, kind, item, old_text, old_num)
    select m.tenant_id, ${batchId}, m.id, 'member', '', m.search_text, ${searchKey}
    from members m where m.tenant_id = ${tenantId} and m.id in ${recorded}`.execute(db);
}

/** `(select member_id …)`: the members the batch recorded this item for. */
export const recordedIds = (tenantId: number, batchId: string, kind: string, item: string): RawBuilder<unknown> =>
  sql`(select member_id from batch_values where tenant_id = ${tenantId} and batch_id = ${batchId} and kind = ${kind} and item = ${item})`;

/** The before-values a batch recorded (no pins), e.g. for the member history of the change. */
export function recordedRows(db: Db, tenantId: number, batchId: string): Promise<RecordedRow[]> {
  // A whole-register batch records hundreds of thousands: read as one JSON text (db/jsonRows.ts).
  return jsonRows<RecordedRow>(db, RECORDED_COLUMNS, sql`from batch_values where tenant_id = ${tenantId} and batch_id = ${batchId} and kind <> 'member'`);
}

export const RECORDED_COLUMNS = ['member_id', 'kind', 'item', 'old_text', 'old_num'] as const;

/** The pinned member ids in order (for work done in chunks, like refreshing search text). */
export async function pinnedList(db: Db, tenantId: number, batchId: string): Promise<number[]> {
  const rows = await sql<{ member_id: number }>`select member_id from batch_values where tenant_id = ${tenantId} and batch_id = ${batchId} and kind = 'member' order by member_id`.execute(db);
  return rows.rows.map((r) => r.member_id);
}

/** A member gone for good takes its undo records with it. */
export async function deleteRowsOfMembers(db: Db, tenantId: number, memberIds: number[]): Promise<void> {
  await db.deleteFrom('batch_values').where('tenant_id', '=', tenantId).where('member_id', 'in', memberIds).execute();
}
