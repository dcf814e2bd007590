import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/kysely';
import type { Filter } from '../../../shared/filter/types';
import { filterSql } from './filter-sql';
import type { MemberModel } from './model';
import { BY_NAME } from './list-repo';
import { SET_STAGED_TEXT } from './search-repo';

// The SQL of bulk actions: which members a filter reaches (conditions over `members m`),
// and set statements over a set of members given as a subquery (`ids`, usually a batch's
// pinned members). Every function takes the tenant id first.

export interface Scope {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  tenantId: number;
  model: MemberModel;
}

/** Live, approved members the filter matches (bulk edit, bulk get); `except` leaves one out. */
export function liveMatching(s: Scope, filter: Filter, except?: number): RawBuilder<unknown> {
  const not = except === undefined ? sql`` : sql` and m.id <> ${except}`;
  return sql`m.tenant_id = ${s.tenantId} and m.deleted_at is null and m.pending = 0${not} and ${filterSql(s.dialect, s.tenantId, s.model, filter)}`;
}

/** Deleted members the filter matches (permanent delete). */
export function deletedMatching(s: Scope, filter: Filter): RawBuilder<unknown> {
  return sql`m.tenant_id = ${s.tenantId} and m.deleted_at is not null and ${filterSql(s.dialect, s.tenantId, s.model, filter)}`;
}

/** Deleted members the filter matches whose email and phone no live member has taken meanwhile. */
export function restorableMatching(s: Scope, filter: Filter): RawBuilder<unknown> {
  const free = (col: 'email' | 'phone') =>
    sql`(m.${sql.ref(col)} is null or not exists (select 1 from members o where o.tenant_id = m.tenant_id and o.${sql.ref(col)} = m.${sql.ref(col)} and o.deleted_at is null))`;
  return sql`m.tenant_id = ${s.tenantId} and m.deleted_at is not null and ${free('email')} and ${free('phone')} and ${filterSql(s.dialect, s.tenantId, s.model, filter)}`;
}

export async function countWhere(db: Db, where: RawBuilder<unknown>): Promise<number> {
  return Number((await sql<{ n: number }>`select count(*) as n from members m where ${where}`.execute(db)).rows[0]?.n ?? 0);
}

/** The first few by name, for a confirmation. */
export async function sampleWhere(db: Db, where: RawBuilder<unknown>, limit: number): Promise<{ id: number; firstname: string; lastname: string }[]> {
  return (await sql<{ id: number; firstname: string; lastname: string }>`select m.id, m.firstname, m.lastname from members m where ${where} order by ${BY_NAME} limit ${limit}`.execute(db)).rows;
}

export async function idsWhere(db: Db, where: RawBuilder<unknown>): Promise<number[]> {
  return (await sql<{ id: number }>`select m.id from members m where ${where} order by m.id`.execute(db)).rows.map((r) => r.id);
}

export async function includes(db: Db, where: RawBuilder<unknown>, memberId: number): Promise<boolean> {
  return (await sql`select m.id from members m where ${where} and m.id = ${memberId}`.execute(db)).rows.length > 0;
}

/**
 * Collects the members `where` matches into a scratch table (this connection's, emptied
 * first) and returns how many; `SCOPE` reads it. Pinned before anything changes, so an edit
 * that changes what the filter matches cannot change which members it reaches.
 */
export async function fillScope(db: Db, dialect: 'sqlite' | 'postgres', tenantId: number, where: RawBuilder<unknown>): Promise<number> {
  await sql`create temp table if not exists bulk_scope (id integer primary key)`.execute(db);
  await sql`delete from bulk_scope`.execute(db);
  await sql`insert into bulk_scope (id) select m.id from members m where m.tenant_id = ${tenantId} and ${where}${keepMembers(dialect)}`.execute(db);
  const n = Number((await sql<{ n: number }>`select count(*) as n from bulk_scope`.execute(db)).rows[0]?.n ?? 0);
  // A temporary table is never analysed by autovacuum; without figures PostgreSQL guesses its size.
  if (dialect === 'postgres') await sql`analyze bulk_scope`.execute(db);
  return n;
}

/**
 * PostgreSQL: the locking clause of a select over `members m` that collects the members a bulk
 * action writes rows for: they cannot be deleted for good until the transaction ends, as the
 * foreign keys from values and group links ensured row by row (migration 037), and edits of
 * the same members are not held up. SQLite has one writer at a time and keeps its keys.
 */
export function keepMembers(dialect: 'sqlite' | 'postgres'): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql` for key share of m` : sql``;
}

/** The members of the scratch table fillScope filled, as `(select id …)`. */
export const SCOPE: RawBuilder<unknown> = sql`(select id from bulk_scope)`;

/** Gives the members in `ids` this value of a custom field (an empty value: none); one upsert. */
export async function setValueOf(db: Db, tenantId: number, ids: RawBuilder<unknown>, fieldId: number, text: string | null, num: number | null): Promise<void> {
  if (text === null && num === null) {
    await sql`delete from member_values where tenant_id = ${tenantId} and field_id = ${fieldId} and member_id in ${ids}`.execute(db);
    return;
  }
  await sql`insert into member_values (tenant_id, member_id, field_id, value_text, value_num)
    select ${tenantId}, m.id, ${fieldId}, ${text}, ${num} from members m where m.tenant_id = ${tenantId} and m.id in ${ids}
    on conflict (tenant_id, member_id, field_id) do update set value_text = excluded.value_text, value_num = excluded.value_num`.execute(db);
}

/** Gives this value of a custom field to the members in `ids` who have none (a consent given today keeps earlier dates). */
export async function giveValueWhereMissing(db: Db, tenantId: number, ids: RawBuilder<unknown>, fieldId: number, text: string): Promise<void> {
  await sql`insert into member_values (tenant_id, member_id, field_id, value_text, value_num)
    select ${tenantId}, m.id, ${fieldId}, ${text}, ${null} from members m where m.tenant_id = ${tenantId} and m.id in ${ids}
      and not exists (select 1 from member_values v where v.tenant_id = ${tenantId} and v.field_id = ${fieldId} and v.member_id = m.id)`.execute(db);
}

/** Puts the members in `ids` in the group (those not in it), or takes them out. */
export async function setGroupOf(db: Db, tenantId: number, ids: RawBuilder<unknown>, groupId: number, on: boolean): Promise<void> {
  if (!on) {
    await sql`delete from member_groups where tenant_id = ${tenantId} and group_id = ${groupId} and member_id in ${ids}`.execute(db);
    return;
  }
  await sql`insert into member_groups (tenant_id, group_id, member_id)
    select ${tenantId}, ${groupId}, m.id from members m where m.tenant_id = ${tenantId} and m.id in ${ids}
      and not exists (select 1 from member_groups g where g.tenant_id = ${tenantId} and g.group_id = ${groupId} and g.member_id = m.id)`.execute(db);
}

/**
 * Writes each member in `ids` once: the columns set, updated_at (undo compares it with the
 * batch time) and, for members with a staged one (search-text.ts), the new search text.
 * Every members row written costs an entry in each of its indexes (the trigram GIN too),
 * so one UPDATE instead of one per concern.
 */
export async function writeMembers(db: Db, tenantId: number, ids: RawBuilder<unknown>, at: string, columns: readonly { name: string; value: string | number | null }[], staged: boolean): Promise<void> {
  const sets = [
    sql`updated_at = ${at}`,
    ...columns.map((c) => sql`${sql.ref(c.name)} = ${c.value}`),
    ...(staged ? [SET_STAGED_TEXT] : []),
  ];
  await sql`update members set ${sql.join(sets)} where tenant_id = ${tenantId} and id in ${ids}`.execute(db);
}

/** Removes (a time) or restores (null) the members in `ids`. */
export async function setDeletedAt(db: Db, tenantId: number, ids: RawBuilder<unknown>, deletedAt: string | null, at: string): Promise<void> {
  await sql`update members set deleted_at = ${deletedAt}, updated_at = ${at} where tenant_id = ${tenantId} and id in ${ids}`.execute(db);
}
