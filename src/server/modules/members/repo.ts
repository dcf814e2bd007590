import { sql, type RawBuilder, type SqlBool, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import type { Member, MembersTable, NewMember } from '../../db/schema';
import { normalizeEmail } from '../../../shared/members/email';
import { SEARCHED_COLUMNS } from './present';
import { jsonRows } from '../../db/jsonRows';
import { bulkInsert, bulkInsertReturningIds } from '../../db/bulkInsert';
import { notAnIndexOn } from '../../db/planHints';

// Every function takes the tenant id first; there is no query path without it.

/** Many members by id (callers keep a list to ~1000 ids). */
export function findMany(db: Db, tenantId: number, ids: readonly number[]): Promise<Member[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('members').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

type SearchInputs = Pick<Member, 'id' | 'search_text' | (typeof SEARCHED_COLUMNS)[number]>;

/** What these members' quick-search text is made of, and the text stored now (search-text.ts). */
export function searchInputsOf(db: Db, tenantId: number, ids: readonly number[]): Promise<SearchInputs[]> {
  // A whole-register edit reads these for every member, in id order: ranges, rows as JSON.
  return readByIds(db, ids, 'id', (where) => jsonRows<SearchInputs>(db, ['id', 'search_text', ...SEARCHED_COLUMNS], sql`from members where tenant_id = ${tenantId} and ${where}`));
}

/**
 * The next `limit` members after `afterId` (in id order) that `where` (a condition over
 * `members m`) matches, with what their quick-search text is made of and when they were last
 * written: a bulk edit reads these ahead of its transaction (search-text.ts searchTextsAhead).
 */
export function searchInputsWhere(db: Db, where: RawBuilder<unknown>, afterId: number, limit: number): Promise<(SearchInputs & { updated_at: string })[]> {
  const columns = ['id', 'updated_at', 'search_text', ...SEARCHED_COLUMNS] as const;
  const picked = sql.join(columns.map((c) => sql.ref(`m.${c}`)));
  return jsonRows(db, columns, sql`from (select ${picked} from members m where ${where} and m.id > ${afterId} order by m.id limit ${limit}) m`);
}

/** Names of members by id (authors of history rows, members a batch was about). */
export function namesOf(db: Db, tenantId: number, ids: readonly number[]): Promise<{ id: number; firstname: string; lastname: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('members').select(['id', 'firstname', 'lastname']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

export function findById(db: Db, tenantId: number, id: number): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Emails are stored normalised (trimmed, lower-cased), so this is an index lookup. Live members only. */
export function findByEmail(db: Db, tenantId: number, email: string): Promise<Member | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', normalizeEmail(email))
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}

export function insert(db: Db, tenantId: number, member: Omit<NewMember, 'tenant_id'>): Promise<Member> {
  return db
    .insertInto('members')
    .values({ ...member, tenant_id: tenantId, email: member.email ? normalizeEmail(member.email) : null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The members columns holding integers (flags); the others a bulk insert writes are text. */
const INTEGER_COLUMNS: ReadonlySet<string> = new Set(['id', 'active', 'site_admin', 'board', 'pending', 'imported']);

/**
 * Many new members as one JSON text (db/bulkInsert.ts); returns their ids in input order.
 * Every row names the same columns: one left out would be NULL, not the column's default.
 */
export async function insertMany(db: Db, tenantId: number, members: readonly Omit<NewMember, 'tenant_id'>[]): Promise<number[]> {
  if (members.length === 0) return [];
  const names = Object.keys(members[0]!);
  if (members.some((m) => Object.keys(m).length !== names.length || names.some((n) => !(n in m)))) throw new Error('insertMany: every row must name the same columns');
  const columns = Object.fromEntries(names.map((n) => [n, INTEGER_COLUMNS.has(n) ? 'integer' : 'text'] as const));
  return bulkInsertReturningIds(db, 'members', columns, members, { tenant_id: tenantId });
}

export function update(db: Db, tenantId: number, id: number, row: Updateable<MembersTable>): Promise<unknown> {
  // The unique index (migration 013) compares stored values: they must be in one form.
  if (typeof row.email === 'string') row = { ...row, email: normalizeEmail(row.email) || null };
  return db.updateTable('members').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/**
 * How many keys (emails, phones, member numbers) a lookup asks for at once. Each statement
 * costs PostgreSQL 4–6 ms besides its probes (a round trip, binding, parsing and planning the
 * list): an import of 10 000 rows spent 0.55 s on them in 500s and 0.22 s in 2 000s. SQLite
 * answers synchronously, and stays at 500 so one statement holds the event loop briefly.
 */
export const keysPerLookup = (db: Db): number => (isPostgres(db) ? 2000 : 500);

/**
 * The one uniqueness check of emails and phone numbers: for each wanted value, whether a
 * live member (applications included) other than its `exceptId` already holds it in
 * `column`. One query per keysPerLookup values, so a whole import is checked as cheaply as a form.
 * The database backs it for emails (unique index of migration 013).
 */
export async function whichTaken(db: Db, tenantId: number, column: 'email' | 'phone', wanted: readonly { value: string; exceptId: number | null }[]): Promise<boolean[]> {
  const norm = (v: string) => (column === 'email' ? normalizeEmail(v) : v);
  const out: boolean[] = [];
  const size = keysPerLookup(db);
  for (let i = 0; i < wanted.length; i += size) {
    const chunk = wanted.slice(i, i + size);
    const rows = await db
      .selectFrom('members')
      .select(['id', column])
      .where('tenant_id', '=', tenantId)
      // By the column's own index, whatever statistics SQLite has (db/planHints.ts).
      .where(notAnIndexOn(db, 'deleted_at'), 'is', null)
      .where(column, 'in', [...new Set(chunk.map((w) => norm(w.value)))])
      .execute();
    for (const w of chunk) out.push(rows.some((r) => r[column] === norm(w.value) && r.id !== w.exceptId));
  }
  return out;
}

/** Another live member (not `exceptId`) already has this value in `column`. */
export async function isTaken(db: Db, tenantId: number, column: 'email' | 'phone', value: string, exceptId: number | null): Promise<boolean> {
  return (await whichTaken(db, tenantId, column, [{ value, exceptId }]))[0]!;
}

type Name = { id: number; firstname: string; lastname: string };

/** Live approved members other than `selfId` with this email or phone (possible duplicates of an application). */
export function othersWith(db: Db, tenantId: number, selfId: number, column: 'email' | 'phone', value: string): Promise<Name[]> {
  return db
    .selectFrom('members')
    .select(['id', 'firstname', 'lastname'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('pending', '=', 0)
    .where('id', '<>', selfId)
    .where(column, '=', value)
    .execute();
}

/** Live approved members other than `m` with the same names (any case) and this value of a field. */
export async function othersWithNameAndValue(db: Db, tenantId: number, m: Pick<Member, 'id' | 'firstname' | 'lastname'>, fieldId: number, valueText: string): Promise<Name[]> {
  const rows = await sql<Name>`
    select m.id, m.firstname, m.lastname from members m join member_values v on v.tenant_id = m.tenant_id and v.member_id = m.id and v.field_id = ${fieldId}
    where m.tenant_id = ${tenantId} and m.deleted_at is null and m.pending = 0 and m.id <> ${m.id}
      and lower(m.firstname) = lower(${m.firstname}) and lower(m.lastname) = lower(${m.lastname}) and v.value_text = ${valueText}`.execute(db);
  return rows.rows;
}

export interface MemberCounts {
  members: number;
  active: number;
  applications: number;
}

/** Live (not deleted) members split into approved members, of them active, and pending applications. */
export async function countByState(db: Db, tenantId: number): Promise<MemberCounts> {
  // Grouping lets both databases answer from the covering index members_tenant_state.
  const rows = await db
    .selectFrom('members')
    .select(['pending', 'active', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .groupBy(['pending', 'active'])
    .execute();
  const counts: MemberCounts = { members: 0, active: 0, applications: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.pending === 1) counts.applications += n;
    else {
      counts.members += n;
      if (r.active === 1) counts.active += n;
    }
  }
  return counts;
}

export function listSiteAdmins(db: Db, tenantId: number): Promise<Member[]> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('site_admin', '=', 1)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

// --- custom values and group memberships ---

export interface ValueRow {
  member_id: number;
  field_id: number;
  value_text: string | null;
  value_num: number | null;
}

const CHUNK = 500;
/**
 * On PostgreSQL ids lying close together are read up to this many a statement: each statement
 * also costs a round trip and the driver's socket write (the page of everyone: 600 statements
 * at 500, about 0,3 s of writes). SQLite answers synchronously, so its reads stay at CHUNK:
 * 2 000 members' rows, values and links held the event loop for up to 96 ms.
 */
export const RANGE_CHUNK_PG = 2_000;
/** The columns of a ValueRow, as a bulk read names them. */
export const VALUE_COLUMNS = ['member_id', 'field_id', 'value_text', 'value_num'] as const;

/**
 * A chunk of `memberIds` as a condition on `column` (member_id, or the members table's id), and which rows read to keep.
 * - A chunk whose ids lie close together (an edit reads its members in id order, so does the
 *   page of everyone) is read as the range alone, one walk of the index, and the rows of ids
 *   between them dropped here: on SQLite 30 % faster than 500 probes, on PostgreSQL the page of
 *   everyone about 10 % faster than the range with the list.
 * - A scattered chunk (a page in name order): on SQLite probed id by id (bounding that by the
 *   range as well cost SQLite 10–20 %); on PostgreSQL `in (…)` bounded by the range as well:
 *   within a whole-register edit's transaction the list alone priced 500 index probes above a
 *   parallel scan of all 640 000 values (66 ms a chunk, 13 s of the edit).
 */
function* idChunks<K extends string>(
  db: Db,
  memberIds: readonly number[],
  column: K,
): Generator<{ where: RawBuilder<SqlBool>; keep: <R extends Record<K, number>>(rows: R[]) => R[] }> {
  const pg = isPostgres(db);
  const col = sql.ref(column);
  const bounds = (ids: readonly number[]) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const id of ids) {
      if (id < lo) lo = id;
      if (id > hi) hi = id;
    }
    return [lo, hi] as const;
  };
  for (let i = 0; i < memberIds.length; ) {
    // A range has no list to bind: close ids are read up to RANGE_CHUNK_PG a statement.
    let chunk = memberIds.slice(i, i + (pg ? RANGE_CHUNK_PG : CHUNK));
    let [lo, hi] = bounds(chunk);
    if (hi - lo + 1 > 2 * chunk.length && chunk.length > CHUNK) {
      chunk = memberIds.slice(i, i + CHUNK);
      [lo, hi] = bounds(chunk);
    }
    i += chunk.length;
    const list = sql<SqlBool>`${col} in (${sql.join(chunk)})`;
    const range = sql<SqlBool>`${col} >= ${lo} and ${col} <= ${hi}`;
    if (hi - lo + 1 <= 2 * chunk.length) {
      const wanted = new Set(chunk);
      // Every id between the two asked for (a run of consecutive ids): nothing to drop.
      yield { where: range, keep: (rows) => (hi - lo + 1 === wanted.size ? rows : rows.filter((r) => wanted.has(r[column]))) };
    } else if (pg) yield { where: sql<SqlBool>`${range} and ${list}`, keep: (rows) => rows };
    else yield { where: list, keep: (rows) => rows };
  }
}

/** The rows `read` gives for each chunk of `ids` (idChunks), without those of ids between them not asked for. */
export async function readByIds<K extends string, R extends Record<K, number>>(db: Db, ids: readonly number[], column: K, read: (where: RawBuilder<SqlBool>) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of idChunks(db, ids, column)) for (const row of part.keep(await read(part.where))) out.push(row);
  return out;
}

/**
 * The members' custom values, in chunks to stay under bind-parameter limits; only these fields' when `fieldIds` is given (a list shows a few columns).
 * Each chunk's rows come as one JSON text (db/jsonRows.ts).
 */
export async function valuesOf(db: Db, tenantId: number, memberIds: number[], fieldIds?: readonly number[]): Promise<ValueRow[]> {
  if (fieldIds?.length === 0) return [];
  const fields = fieldIds ? sql<SqlBool>`field_id in (${sql.join(fieldIds)})` : sql<SqlBool>`1 = 1`;
  return readByIds(db, memberIds, 'member_id', (where) => jsonRows<ValueRow>(db, VALUE_COLUMNS, sql`from member_values where tenant_id = ${tenantId} and ${where} and ${fields}`));
}

/** The members' group links; only these groups' when `groupIds` is given. */
export async function groupsOf(db: Db, tenantId: number, memberIds: number[], groupIds?: readonly number[]): Promise<{ member_id: number; group_id: number }[]> {
  if (groupIds?.length === 0) return [];
  const groups = groupIds ? sql<SqlBool>`group_id in (${sql.join(groupIds)})` : sql<SqlBool>`1 = 1`;
  return readByIds(db, memberIds, 'member_id', (where) =>
    jsonRows<{ member_id: number; group_id: number }>(db, ['member_id', 'group_id'], sql`from member_groups where tenant_id = ${tenantId} and ${where} and ${groups}`),
  );
}

/** Writes one value; an empty value removes the row (empties are never stored). */
export async function setValue(db: Db, tenantId: number, memberId: number, fieldId: number, text: string | null, num: number | null): Promise<void> {
  if (text === null && num === null) {
    await db.deleteFrom('member_values').where('tenant_id', '=', tenantId).where('member_id', '=', memberId).where('field_id', '=', fieldId).execute();
    return;
  }
  await db
    .insertInto('member_values')
    .values({ tenant_id: tenantId, member_id: memberId, field_id: fieldId, value_text: text, value_num: num })
    .onConflict((oc) => oc.columns(['tenant_id', 'member_id', 'field_id']).doUpdateSet({ value_text: text, value_num: num }))
    .execute();
}

/** Values and memberships of new members, as bulk inserts (no conflicts possible). */
export async function insertValuesAndGroups(db: Db, tenantId: number, values: readonly ValueRow[], groups: readonly { member_id: number; group_id: number }[]): Promise<void> {
  await bulkInsert(db, 'member_values', { member_id: 'integer', field_id: 'integer', value_text: 'text', value_num: 'double precision' }, values, { tenant_id: tenantId });
  await bulkInsert(db, 'member_groups', { member_id: 'integer', group_id: 'integer' }, groups, { tenant_id: tenantId });
}

export async function setGroup(db: Db, tenantId: number, groupId: number, memberId: number, on: boolean): Promise<void> {
  if (on) {
    await db
      .insertInto('member_groups')
      .values({ tenant_id: tenantId, group_id: groupId, member_id: memberId })
      .onConflict((oc) => oc.columns(['tenant_id', 'group_id', 'member_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('member_groups').where('tenant_id', '=', tenantId).where('group_id', '=', groupId).where('member_id', '=', memberId).execute();
  }
}


/**
 * SQLite: ids of the association's members neither deleted nor applying, A–Ö (list-repo's
 * BY_NAME), at most `limit`, as one JSON text (name-ranks.ts, kept-texts-held.ts). The covering
 * name index gives them in order to a co-routine, which the LIMIT keeps from being flattened
 * into the aggregate (and its ORDER BY from being dropped); an ORDER BY inside the aggregate
 * sorted them anew, at six times the cost. PostgreSQL reads them a page at a time (listedNamesAfter).
 */
export async function listedIdsByName(db: Db, tenantId: number, limit: number): Promise<number[]> {
  const r = await sql<{ v: string | null }>`select json_group_array(id) as v from (select m.id from members m
    where m.tenant_id = ${tenantId} and m.deleted_at is null and m.pending = 0
    order by m.sort_lastname asc, m.sort_firstname asc, m.id asc limit ${limit})`.execute(db);
  return JSON.parse(r.rows[0]?.v ?? '[]') as number[];
}

/** A listed member's place A–Ö: its id and name sort keys. */
export interface NamePlace {
  id: number;
  a: string;
  b: string;
}

/**
 * PostgreSQL: the next `limit` listed members A–Ö after `after` (null: from the first), as rows
 * of the covering name index. Read a page at a time so a process reading 100 000 of them
 * parses a few thousand rows at a time: read at once, they had held its other requests up to
 * 0.2 s while three processes did it together.
 */
export async function listedNamesAfter(db: Db, tenantId: number, after: NamePlace | null, limit: number): Promise<NamePlace[]> {
  const from = after ? sql`and (m.sort_lastname, m.sort_firstname, m.id) > (${after.a}, ${after.b}, ${after.id})` : sql``;
  const r = await sql<NamePlace>`select m.id, m.sort_lastname as a, m.sort_firstname as b from members m
    where m.tenant_id = ${tenantId} and m.deleted_at is null and m.pending = 0 ${from}
    order by m.sort_lastname asc, m.sort_firstname asc, m.id asc limit ${limit}`.execute(db);
  return r.rows;
}

/**
 * The quick-search texts of the association's listed members (neither deleted nor applying)
 * with ids over `afterId`, at most `limit` of the lowest ids, in no order: read by id, in the
 * table's own order, since reading them by name order visited the rows at random (100 000:
 * 1.2 s against 0.45 s on PostgreSQL).
 */
export async function listedTextsAfter(db: Db, tenantId: number, afterId: number, limit: number): Promise<{ id: number; search_text: string }[]> {
  return jsonRows<{ id: number; search_text: string }>(
    db,
    ['id', 'search_text'],
    sql`from (select m.id, m.search_text from members m where m.tenant_id = ${tenantId} and m.id > ${afterId} and m.deleted_at is null and m.pending = 0 order by m.id limit ${limit}) m`,
  );
}

/** These members' quick-search texts, each with whether the member is listed (neither deleted nor applying); members gone are left out. */
export async function searchTextsOf(db: Db, tenantId: number, ids: readonly number[]): Promise<{ id: number; text: string; listed: boolean }[]> {
  const rows = await readByIds(db, ids, 'id', (where) =>
    jsonRows<{ id: number; search_text: string; deleted_at: string | null; pending: number }>(db, ['id', 'search_text', 'deleted_at', 'pending'], sql`from members where tenant_id = ${tenantId} and ${where}`),
  );
  return rows.map((r) => ({ id: r.id, text: r.search_text, listed: r.deleted_at === null && Number(r.pending) === 0 }));
}
