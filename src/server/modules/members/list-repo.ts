import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Db, type Dialect } from '../../db/kysely';
import type { Member } from '../../db/schema';
import type { Filter } from '../../../shared/filter/types';
import { foldForSearch } from '../../../shared/search';
import { primarySortPrefix } from '../../../shared/finnish/collation';
import { filterSql, upToDatenessRankSql } from './filter-sql';
import { UPTODATE_FIELDS } from '../../../shared/members/upToDateness';
import type { MemberModel } from './model';
import type { MemberColumn } from './columns';
import { RANGE_CHUNK_PG, readByIds } from './repo';
import { jsonRows } from '../../db/jsonRows';
import { firstByRank, type RankSource } from './name-ranks';
import { catchUpSoon, hasPending } from './search-index';
import { postgresInfix } from './search-pg-repo';
import type { Found, KeptTexts } from './kept-texts';

// Member lists: the scope (deleted/pending) plus a compiled filter, counted, paged,
// sorted by any column, and quick search. Every query is bound to one tenant.

export interface Scope {
  filter: Filter;
  deleted: boolean;
  pending: boolean;
}

/** Where a list query runs: one tenant, its field model, and the database flavour. */
export interface ListCtx {
  db: Db;
  dialect: Dialect;
  tenantId: number;
  model: MemberModel;
}

function scopeSql(ctx: ListCtx, scope: Scope, opts: { pendingToo?: boolean; fewMembers?: boolean } = {}): RawBuilder<SqlBool> {
  const deleted = scope.deleted ? sql`m.deleted_at is not null` : sql`m.deleted_at is null`;
  const pending = opts.pendingToo ? sql`1 = 1` : scope.pending ? sql`m.pending = 1` : sql`m.pending = 0`;
  return sql<SqlBool>`m.tenant_id = ${ctx.tenantId} and ${deleted} and ${pending} and ${filterSql(ctx.dialect, ctx.tenantId, ctx.model, scope.filter, opts)}`;
}

export interface ListCounts {
  members: number;
  active: number;
  applications: number;
}

/** Matching members (approved, and of them active) and matching applications, in one grouped scan. */
export async function stats(ctx: ListCtx, scope: Scope): Promise<ListCounts> {
  const rows = await statsSql(ctx, scope).execute(ctx.db);
  return countByState(rows.rows, scope);
}

/** Counts as stats gives them, from members (or groups of n members) by state. */
export function countByState(rows: Iterable<{ pending: number; active: number; n?: number }>, scope: Scope): ListCounts {
  const out: ListCounts = { members: 0, active: 0, applications: 0 };
  for (const r of rows) {
    const n = r.n === undefined ? 1 : Number(r.n);
    if (Number(r.pending) === 1) out.applications += n;
    else {
      out.members += n;
      if (Number(r.active) === 1) out.active += n;
    }
  }
  if (scope.pending) return { members: out.applications, active: out.applications, applications: out.applications };
  return out;
}

/** The counting query of stats (tests read its plan). */
export function statsSql(ctx: ListCtx, scope: Scope): RawBuilder<{ pending: number; active: number; n: number }> {
  return sql<{ pending: number; active: number; n: number }>`
    select m.pending as pending, m.active as active, count(*) as n from members m
    where ${scopeSql(ctx, scope, { pendingToo: true })}
    group by m.pending, m.active`;
}

export interface PageOpts {
  sort: { field: string; dir: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

const SORTABLE_TEXT = new Set([
  'email', 'email_porg1', 'email_porg2', 'phone', 'address_street', 'address_zip', 'address_city', 'created_at', 'updated_at', 'member_since',
]);
const SORTABLE_NUMBER = new Set(['active', 'site_admin', 'board', 'imported', 'id']);

/**
 * Members A–Ö as a Finnish reader expects (Å, Ä, Ö after Z, case ignored, "de la Cruz"
 * under D): the sort keys of migration 017, then id so equal names keep a stable order.
 */
export const BY_NAME = sql`m.sort_lastname asc, m.sort_firstname asc, m.id asc`;

/** ORDER BY for a sort request; names first as tie-breakers, id last so paging is stable. */
function orderSql(tenantId: number, model: MemberModel, sort: PageOpts['sort']): { join: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const dir = sort.dir === 'desc' ? sql`desc` : sql`asc`;
  // Names in Finnish order through migration 017's sort keys.
  const names = sql`m.sort_lastname ${dir}, m.sort_firstname ${dir}, m.id ${dir}`;
  // Ties on another column fall back to names A–Ö whatever the direction.
  const byName = BY_NAME;
  const none = sql``;
  if (sort.field === 'fullname_' || sort.field === 'lastname') return { join: none, order: names };
  if (sort.field === 'firstname') return { join: none, order: sql`m.sort_firstname ${dir}, m.sort_lastname ${dir}, m.id ${dir}` };
  if (SORTABLE_TEXT.has(sort.field)) {
    const col = sql.ref(`m.${sort.field}`);
    // Empty values last in both directions, as spreadsheets do.
    return { join: none, order: sql`case when ${col} is null or ${col} = '' then 1 else 0 end, ${col} ${dir}, ${byName}` };
  }
  if (SORTABLE_NUMBER.has(sort.field)) return { join: none, order: sql`${sql.ref(`m.${sort.field}`)} ${dir}, ${byName}` };
  // Up-to-dateness columns in the order unused, sent, confirmed, bounced, missing, unsupported.
  if (sort.field === UPTODATE_FIELDS.email || sort.field === UPTODATE_FIELDS.sms) {
    return { join: none, order: sql`${upToDatenessRankSql(tenantId, sort.field === UPTODATE_FIELDS.email ? 'email' : 'sms')} ${dir}, ${byName}` };
  }
  const group = model.groupByName.get(sort.field);
  if (group) {
    // Members of the group first when ascending (like a ticked checkbox column).
    const member =
      group.builtin === 'everyone'
        ? sql`1`
        : group.builtin === 'board'
          ? sql`m.board`
          : sql`case when exists (select 1 from member_groups g where g.tenant_id = ${tenantId} and g.group_id = ${group.id} and g.member_id = m.id) then 1 else 0 end`;
    return { join: none, order: sql`${member} ${sort.dir === 'desc' ? sql`asc` : sql`desc`}, ${byName}` };
  }
  const field = model.byName.get(sort.field);
  if (field && !field.fixed && field.type !== 'heading' && field.type !== 'password') {
    const col = ['integer', 'decimal', 'checkbox'].includes(field.type) ? sql.ref('s.value_num') : sql.ref('s.value_text');
    return {
      join: sql`left join member_values s on s.tenant_id = ${tenantId} and s.member_id = m.id and s.field_id = ${field.id}`,
      order: sql`case when ${col} is null then 1 else 0 end, ${col} ${dir}, ${byName}`,
    };
  }
  return { join: none, order: names };
}

/**
 * One page of members and the number matching. Without a filter the count comes from
 * the covering state index; with one, a window count rides along the page query so the
 * filter is evaluated once (measured: ~2× faster than a separate COUNT at 100 000 members).
 */
/** Pages longer than this ("everyone") are read as ids first, then rows in chunks. */
export const BIG_PAGE = 1000;
/**
 * Sizes of the pieces a long page is read in (tests make them small): ids between turns of the
 * event loop, and rows per read, built ROWS_PER_YIELD between turns (rows.ts rowTextPieces).
 * PostgreSQL reads larger pieces, as many as readByIds reads in one statement: its reads do
 * not hold the event loop, and fewer statements cost fewer round trips.
 */
/**
 * Pieces of a long page: ids read a statement, rows read a statement, and on PostgreSQL how many
 * pieces of rows are asked for at once. Two pieces on two connections keep two of the database's
 * cores writing row texts (rows.ts, rowTextPieces): the page of everyone 2.4–3.1 s against
 * 2.9–4.0 s with one, while a concurrent request waited 25 ms at p50 instead of 12 on a machine of
 * two cores that also ran the client. Three gave nothing more and let waits reach 280 ms.
 */
export const LIST_CHUNKS = { ids: 5_000, rows: 500, rowsPostgres: RANGE_CHUNK_PG, aheadPostgres: 2 };

/**
 * A filtered page's ids with the number matching riding along (SQLite). Ids and sort keys are
 * sorted, not whole rows (measured 2× faster for 1 500 matches at 100 000 members); the page's
 * rows are then read by primary key. Exported for tests that read its plan.
 */
export function countedPageSql(ctx: ListCtx, scope: Scope, opts: PageOpts): RawBuilder<{ id: number; total_: number }> {
  const { join, order } = orderSql(ctx.tenantId, ctx.model, opts.sort);
  return sql<{ id: number; total_: number }>`
    select m.id as id, count(*) over () as total_ from members m ${join}
    where ${scopeSql(ctx, scope)}
    order by ${order}
    limit ${opts.limit} offset ${opts.offset}`;
}

/**
 * A page's member ids in order and the number matching (`knownTotal` when the count is
 * cached for this filter and list version: then only the page is read).
 */
export async function pageIdsWithTotal(ctx: ListCtx, scope: Scope, opts: PageOpts, knownTotal?: number): Promise<{ ids: number[]; total: number }> {
  const { join, order } = orderSql(ctx.tenantId, ctx.model, opts.sort);
  const where = scopeSql(ctx, scope);
  if (opts.limit > BIG_PAGE) return idsWithTotal(ctx, join, order, where, opts);
  const page = () => sql<{ id: number }>`select m.id from members m ${join} where ${where} order by ${order} limit ${opts.limit} offset ${opts.offset}`.execute(ctx.db);
  const count = async () => Number((await sql<{ n: number }>`select count(*) as n from members m where ${where}`.execute(ctx.db)).rows[0]?.n ?? 0);
  if (knownTotal !== undefined) return { ids: (await page()).rows.map((r) => r.id), total: knownTotal };
  // PostgreSQL answers the two on two connections at once. Its plan for the count riding on the
  // page walked the name index through every member when the filter keeps many (10 000 or more
  // of 100 000): a city 211 ms against 6 ms apart, "nuori" 674 against 43 ms, the bench's two
  // conditions 17 ms either way. SQLite, which runs them one after the other, keeps it (9 against
  // 13 ms, 37 against 64 ms, though a city 15 against 2 ms).
  if (scope.filter.length === 0 || isPostgres(ctx.db)) {
    const [rows, total] = await Promise.all([page(), count()]);
    return { ids: rows.rows.map((r) => r.id), total };
  }
  const counted = await countedPageSql(ctx, scope, opts).execute(ctx.db);
  if (counted.rows.length > 0 || opts.offset === 0) return { ids: counted.rows.map((r) => r.id), total: Number(counted.rows[0]?.total_ ?? 0) };
  // Past the last page the window has no row to ride on; count separately.
  return { ids: [], total: await count() };
}

/** As pageIdsWithTotal, with the members' rows (the bench's raw query). */
export async function pageWithTotal(ctx: ListCtx, scope: Scope, opts: PageOpts, knownTotal?: number): Promise<{ rows: Member[]; total: number }> {
  const { ids, total } = await pageIdsWithTotal(ctx, scope, opts, knownTotal);
  return { rows: await membersInOrder(ctx, ids), total };
}

async function idsWithTotal(ctx: ListCtx, join: RawBuilder<unknown>, order: RawBuilder<unknown>, where: RawBuilder<SqlBool>, opts: PageOpts): Promise<{ ids: number[]; total: number }> {
  const [ids, count] = await Promise.all([sortedIds(ctx, join, order, where, opts), sql<{ n: number }>`select count(*) as n from members m where ${where}`.execute(ctx.db)]);
  return { ids, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * At most this many members' ids are read to answer a filtered list or count from the ids
 * themselves, which then guard the cached answer (list-cache.ts, Guard); above it the list is
 * paged and counted in SQL, and its cache lasts until the next write. Reading the ids in order
 * costs what the page and its count cost for the bench's filter (1 469 members of a join), but
 * 16 against 6 ms for a city of 4 095 on PostgreSQL, which a load of many saves made pay often.
 */
export const GUARD_IDS = 2_000;

/** A member in order: its id and, sorted by name, its name keys as one text (null for other sorts). */
export interface OrderedMember {
  id: number;
  key: string | null;
}

/** Name keys as one text: the same text, the same place among the others. */
export const nameKey = (r: { sort_lastname: string | null; sort_firstname: string | null }): string => `${r.sort_lastname ?? ''}\u0000${r.sort_firstname ?? ''}`;

/** The scope's members in the sort's order, or null when more than `cap` match. */
export async function orderedMembers(ctx: ListCtx, scope: Scope, sort: PageOpts['sort'], cap = GUARD_IDS): Promise<OrderedMember[] | null> {
  const { join, order } = orderSql(ctx.tenantId, ctx.model, sort);
  const byName = sort.field in NAME_KEYS;
  const r = await sql<{ id: number; sort_lastname: string | null; sort_firstname: string | null }>`
    select m.id, m.sort_lastname, m.sort_firstname from members m ${join} where ${scopeSql(ctx, scope)} order by ${order} limit ${cap + 1}`.execute(ctx.db);
  return r.rows.length > cap ? null : r.rows.map((x) => ({ id: Number(x.id), key: byName ? nameKey(x) : null }));
}

export interface MatchedState {
  id: number;
  pending: number;
  active: number;
}

/** The members in scope (with `pendingToo`, applications as well) and their state, or null when more than `cap` match. */
export async function matchedStates(ctx: ListCtx, scope: Scope, opts: { pendingToo?: boolean } = {}, cap = GUARD_IDS): Promise<MatchedState[] | null> {
  const r = await sql<MatchedState>`select m.id, m.pending, m.active from members m where ${scopeSql(ctx, scope, opts)} limit ${cap + 1}`.execute(ctx.db);
  return r.rows.length > cap ? null : r.rows.map((x) => ({ id: Number(x.id), pending: Number(x.pending), active: Number(x.active) }));
}


export interface MatchedNow extends MatchedState {
  sort_lastname: string | null;
  sort_firstname: string | null;
}

/** Which of these members the scope matches now, with what a cached answer depends on (list-answers.ts). */
export async function matchingNow(ctx: ListCtx, scope: Scope, ids: readonly number[], opts: { pendingToo?: boolean } = {}): Promise<MatchedNow[]> {
  if (ids.length === 0) return [];
  const r = await sql<MatchedNow>`select m.id, m.pending, m.active, m.sort_lastname, m.sort_firstname from members m
    where m.id in (${sql.join(ids.map(Number))}) and ${scopeSql(ctx, scope, { ...opts, fewMembers: true })}`.execute(ctx.db);
  return r.rows.map((x) => ({ ...x, id: Number(x.id), pending: Number(x.pending), active: Number(x.active) }));
}

/** A page's member ids in order and the number matching, for callers that read the rows piece by piece. */
export function pageIds(ctx: ListCtx, scope: Scope, opts: PageOpts): Promise<{ ids: number[]; total: number }> {
  const { join, order } = orderSql(ctx.tenantId, ctx.model, opts.sort);
  return idsWithTotal(ctx, join, order, scopeSql(ctx, scope), opts);
}

/** Name sorts and their key columns, in order: these can be read from an index piece by piece. */
const NAME_KEYS: Record<string, readonly [string, string]> = {
  lastname: ['sort_lastname', 'sort_firstname'],
  fullname_: ['sort_lastname', 'sort_firstname'],
  firstname: ['sort_firstname', 'sort_lastname'],
};

/**
 * The page's ids in order. Sorted by name, they are read LIST_CHUNKS.ids at a time from where the
 * last piece ended (keyset: the name keys and id of its last member), with a turn of the
 * event loop in between: one read of 100 000 sorted ids alone held SQLite for ~100 ms.
 */
async function sortedIds(ctx: ListCtx, join: RawBuilder<unknown>, order: RawBuilder<unknown>, where: RawBuilder<SqlBool>, opts: PageOpts): Promise<number[]> {
  const keys = NAME_KEYS[opts.sort.field];
  if (!keys) {
    const r = await sql<{ id: number }>`select m.id from members m ${join} where ${where} order by ${order} limit ${opts.limit} offset ${opts.offset}`.execute(ctx.db);
    return r.rows.map((x) => x.id);
  }
  const [a, b] = [sql.ref(`m.${keys[0]}`), sql.ref(`m.${keys[1]}`)];
  const past = opts.sort.dir === 'desc' ? sql`<` : sql`>`;
  const out: number[] = [];
  let last: { id: number; ka: string; kb: string } | undefined;
  while (out.length < opts.limit) {
    const want = Math.min(LIST_CHUNKS.ids, opts.limit - out.length);
    const from = last ? sql`and (${a}, ${b}, m.id) ${past} (${last.ka}, ${last.kb}, ${last.id})` : sql``;
    const r = await sql<{ id: number; ka: string; kb: string }>`
      select m.id as id, ${a} as ka, ${b} as kb from members m
      where ${where} ${from} order by ${order} limit ${want} offset ${last ? 0 : opts.offset}`.execute(ctx.db);
    for (const x of r.rows) out.push(x.id);
    last = r.rows.at(-1);
    if (!last || r.rows.length < want) break;
    await yieldToLoop();
  }
  return out;
}

/** The ids of the members in scope, A–Ö (the export's order), read in keyset pieces. */
export function idsByName(ctx: ListCtx, scope: Scope): Promise<number[]> {
  const opts: PageOpts = { sort: { field: 'lastname', dir: 'asc' }, offset: 0, limit: Number.MAX_SAFE_INTEGER };
  const { join, order } = orderSql(ctx.tenantId, ctx.model, opts.sort);
  return sortedIds(ctx, join, order, scopeSql(ctx, scope), opts);
}

/**
 * The association's members rows, when they are read by id. On SQLite the association is
 * checked on each row found by its id (the rowid), not looked up in the (tenant_id, id) index
 * first: one B-tree search per member instead of two, a quarter off reading the page of
 * everyone's 100 000. `+` keeps SQLite from that index.
 */
export function tenantTerm(ctx: Pick<ListCtx, 'db' | 'tenantId'>): RawBuilder<SqlBool> {
  return isPostgres(ctx.db) ? sql<SqlBool>`tenant_id = ${ctx.tenantId}` : sql<SqlBool>`+tenant_id = ${ctx.tenantId}`;
}

/**
 * Rows of these members in the order given; one removed meanwhile is left out. With `only`,
 * just those columns are read (the rest are absent): a long page's time goes mostly into
 * building row objects, whose cost grows with the columns read. Ids close together (a long
 * page read in id order) are read as ranges of the table (repo.readByIds).
 */
export async function membersInOrder(ctx: Pick<ListCtx, 'db' | 'tenantId'>, ids: readonly number[], only?: readonly MemberColumn[]): Promise<Member[]> {
  if (ids.length === 0) return [];
  // Callers that pass `only` read no other column of these rows; those come as one JSON text a chunk (db/jsonRows.ts).
  const found = await readByIds(ctx.db, ids, 'id', async (where) =>
    only
      ? jsonRows<Member>(ctx.db, only, sql`from members where ${tenantTerm(ctx)} and ${where}`)
      : ((await ctx.db.selectFrom('members').where(tenantTerm(ctx)).where(where).selectAll().execute()) as Member[]),
  );
  const byId = new Map(found.map((m) => [m.id, m]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Whether the association has pending applications at all (one index probe). */
export async function hasApplications(ctx: Pick<ListCtx, 'db' | 'tenantId'>): Promise<boolean> {
  const any = await ctx.db
    .selectFrom('members')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('deleted_at', 'is', null)
    .where('pending', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return any !== undefined;
}

/** Pending applications matching the filter; most registers have none, which one index probe tells. */
export async function countApplications(ctx: ListCtx, filter: Filter): Promise<number> {
  if (!(await hasApplications(ctx))) return 0;
  const r = await sql<{ n: number }>`select count(*) as n from members m where ${scopeSql(ctx, { filter, deleted: false, pending: true })}`.execute(ctx.db);
  return Number(r.rows[0]?.n ?? 0);
}

const icuSortKeys = new WeakMap<object, Promise<boolean>>();

/**
 * Where surnames beginning with `prefix` start in sort_lastname (migration 017): SQLite and
 * PostgreSQL without ICU store seura_sort_key, whose primary level is the prefix's; with ICU the
 * column is the name under fi-x-icu, where U+FFFF weighs most, so [prefix, prefix + U+FFFF)
 * holds exactly the names that begin with it, case and accents aside, on every database.
 */
async function surnamePrefixKey(db: Db, dialect: Dialect, prefix: string): Promise<string> {
  if (dialect === 'sqlite') return primarySortPrefix(prefix);
  let icu = icuSortKeys.get(db);
  if (!icu) {
    icu = sql<{ c: string | null }>`select collation_name as c from information_schema.columns where table_name = 'members' and column_name = 'sort_lastname'`
      .execute(db)
      .then((r) => r.rows[0]?.c === 'fi-x-icu');
    icuSortKeys.set(db, icu);
  }
  return (await icu) ? prefix : primarySortPrefix(prefix);
}

/**
 * Quick search of letters inside names: on SQLite up to `placed` texts holding the letters are
 * ordered by the association's A–Ö places (over `hits`, read for the search if not kept),
 * up to `hits` without them sorted by their keys, over `common` the first `walk` names are
 * tried first, then up to `ranked` matches placed, and otherwise the name index is walked
 * against the set of matches (sqliteInfix); PostgreSQL walks at most `walk` names first, then
 * sorts every match. An object so tests can make them small.
 */
export const SEARCH_SORT_MAX = { hits: 1000, common: 5000, walk: 1_500, placed: 10_000, ranked: 50_000 };

/**
 * Ids in BY_NAME order from their sort keys, as SQLite orders them (bytes of UTF-8, which
 * JavaScript's own string order matches only below U+10000).
 */
export function byNameKeys(rows: readonly { id: number; a: string | null; b: string | null }[]): number[] {
  const bytes = (s: string | null) => (s === null ? null : Buffer.from(s, 'utf8'));
  // SQLite puts NULL first in ascending order.
  const cmp = (x: Buffer | null, y: Buffer | null) => (x === null ? (y === null ? 0 : -1) : y === null ? 1 : Buffer.compare(x, y));
  return rows
    .map((r) => ({ id: r.id, a: bytes(r.a), b: bytes(r.b) }))
    .sort((x, y) => cmp(x.a, y.a) || cmp(x.b, y.b) || x.id - y.id)
    .map((r) => r.id);
}

/**
 * SQLite: a page of the members whose text holds the letters (an FTS5 trigram phrase), A–Ö.
 * The ids of the texts holding them are read from the index alone, up to
 * SEARCH_SORT_MAX.placed + 1 (or `common` + 1 if more):
 * - up to `placed`, with the association's A–Ö places at hand (name-ranks.ts: kept for its list
 *   version, read for this search when over `hits`): the ids are ordered by them;
 * - up to `hits` without them: those members' sort keys are read and sorted here;
 * - over `common` ("nen" ends most Finnish surnames): the first `walk` names A–Ö are read and
 *   their texts matched, which fills a page within a few dozen names; when that comes short,
 *   up to `ranked` matches are placed by the ranks;
 * - otherwise: the association's name index, which carries the
 *   ids and sort keys (a covering index), is walked A–Ö and each id checked against the
 *   index's set of matches until the page is full.
 * Only the page's members rows are read. Sorting thousands of matches by reading each one's
 * row had cost 20 ms and more ("tin" is in 8 500 texts of 100 000); the walk, for letters only
 * late names hold, 10–14 ms.
 */
async function sqliteInfix(ctx: Omit<ListCtx, 'model'>, phrase: string, pattern: string, where: RawBuilder<SqlBool>, want: number, skip: ReadonlySet<number>, ranks?: RankSource): Promise<Member[]> {
  const { db, tenantId } = ctx;
  const found = await matchIds(db, phrase, Math.max(SEARCH_SORT_MAX.common, SEARCH_SORT_MAX.placed) + 1);
  const n = found.length;
  if (n === 0) return [];
  if (n <= SEARCH_SORT_MAX.placed) {
    const placed = ranks && (n <= SEARCH_SORT_MAX.hits ? ranks.kept() : await ranks.read());
    if (placed) return membersInOrder({ db, tenantId }, firstByRank(placed, found, want, skip));
  }
  if (n <= SEARCH_SORT_MAX.hits) {
    const hits = await sql<{ id: number; a: string | null; b: string | null }>`
      select m.id as id, m.sort_lastname as a, m.sort_firstname as b from members_fts f join members m on m.id = f.rowid
      where members_fts match ${phrase} and ${where}`.execute(db);
    return membersInOrder({ db, tenantId }, byNameKeys(hits.rows).slice(0, want));
  }
  if (n > SEARCH_SORT_MAX.common) {
    const walked = await sql<{ id: number }>`select m.id as id from (select m.id, m.search_text, m.sort_lastname, m.sort_firstname from members m
      where ${where} order by ${BY_NAME} limit ${SEARCH_SORT_MAX.walk}) m where m.search_text like ${pattern} escape '\\' order by ${BY_NAME} limit ${want}`.execute(db);
    if (walked.rows.length === want) return membersInOrder({ db, tenantId }, walked.rows.map((r) => r.id));
    const placed = await ranks?.read();
    if (placed) {
      const all = await matchIds(db, phrase, SEARCH_SORT_MAX.ranked + 1);
      if (all.length <= SEARCH_SORT_MAX.ranked) return membersInOrder({ db, tenantId }, firstByRank(placed, all, want, skip));
    }
  }
  const page = await sqliteInfixWalk(phrase, where, want).execute(db);
  return membersInOrder({ db, tenantId }, page.rows.map((r) => r.id));
}

/** Ids of at most `limit` texts in SQLite's search index (every association's) that hold the phrase. */
async function matchIds(db: Db, phrase: string, limit: number): Promise<number[]> {
  const r = await sql<{ v: string }>`select json_group_array(rowid) as v from (select rowid from members_fts where members_fts match ${phrase} limit ${limit})`.execute(db);
  return JSON.parse(r.rows[0]?.v ?? '[]') as number[];
}

/** The walk of sqliteInfix; exported for the test that reads its plan. */
export function sqliteInfixWalk(phrase: string, where: RawBuilder<SqlBool>, want: number): RawBuilder<{ id: number }> {
  return sql<{ id: number }>`select m.id as id from members m
    where m.id in (select rowid from members_fts where members_fts match ${phrase}) and ${where} order by ${BY_NAME} limit ${want}`;
}

/**
 * The members of what kept texts found, A–Ö: those found in the kept order as they are, and
 * with members written since, the first `want` of both as the database orders their names.
 */
async function keptMatches(ctx: Pick<ListCtx, 'db' | 'tenantId'>, found: Found, want: number): Promise<Member[]> {
  if (found.written.length === 0) return membersInOrder(ctx, found.inOrder);
  const ids = [...found.inOrder, ...found.written];
  const r = await sql<Member>`select m.* from members m where m.tenant_id = ${ctx.tenantId} and m.id in (${sql.join(ids)})
    and m.deleted_at is null and m.pending = 0 order by ${BY_NAME} limit ${want}`.execute(ctx.db);
  return r.rows;
}

/**
 * Quick search hits: surnames beginning with the term first, then every other match, each A–Ö.
 * `kept`: the association's texts kept in memory at the list version (kept-texts-held.ts),
 * which find the other matches of a search among the listed without the database's index;
 * asked for only when the surnames beginning with the term leave the page short.
 */
export async function search(ctx: Omit<ListCtx, 'model'>, term: string, opts: { deleted: boolean; limit: number; ranks?: RankSource; kept?: () => Promise<KeptTexts | null> }): Promise<Member[]> {
  const { db, dialect, tenantId } = ctx;
  // A phone number is matched without its spaces and dashes ("050 765" finds 0507654321).
  const phone = /^[+\d\s()-]+$/.test(term.trim());
  const folded = phone ? term.replace(/[\s()-]/g, '') : foldForSearch(term);
  const deleted = opts.deleted ? sql`m.deleted_at is not null` : sql`m.deleted_at is null`;
  const base = sql`m.tenant_id = ${tenantId} and ${deleted} and m.pending = 0`;
  let first: Member[] = [];
  if (!phone && folded.length >= 3 && !opts.deleted) {
    // What people type most: the start of a surname. Those members lie together in the name
    // index (migration 017's keys), so the first page of them is one short range read, however
    // common the letters ("kin" is inside ten thousand texts of a 100 000-member register).
    const from = await surnamePrefixKey(db, dialect, term.trim().toLowerCase());
    first = (
      await sql<Member>`select m.* from members m where ${base} and m.sort_lastname >= ${from} and m.sort_lastname < ${`${from}\uffff`}
        order by ${BY_NAME} limit ${opts.limit}`.execute(db)
    ).rows;
    if (first.length >= opts.limit) return first;
  }
  const others = first.length > 0 ? sql` and m.id not in (${sql.join(first.map((m) => m.id))})` : sql``;
  const want = opts.limit - first.length;
  const kept = opts.kept && !opts.deleted ? await opts.kept() : null;
  const found = kept?.find(folded, want, new Set(first.map((m) => m.id)));
  if (found) return [...first, ...(await keptMatches(ctx, found, want))];
  const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The index may be catching up after a bulk edit (search-index.ts): meanwhile the
  // association's texts are read themselves, as for fewer letters, and once this search is
  // answered the catching up is started again in case a stopped server left it unfinished.
  let catchingUp = false;
  if (dialect === 'postgres' && folded.length >= 3) {
    // The walk A–Ö and the sort of every match, in one statement that also tells whether the
    // copies are catching up (search-pg-repo.ts). Walked only among the live.
    const walk = opts.deleted ? 0 : SEARCH_SORT_MAX.walk;
    const found = await postgresInfix(db, { tenantId, pattern, deleted: opts.deleted, want, skip: first.map((m) => m.id), walk });
    if (found) return [...first, ...found];
    catchingUp = true;
  } else if (folded.length >= 3) {
    catchingUp = await hasPending(db, dialect, tenantId);
    if (!catchingUp) {
      // A quoted FTS5 string is matched as a substring by the trigram tokenizer (faster than LIKE on the FTS table).
      const phrase = `"${folded.replace(/"/g, '""')}"`;
      // The ranks place the members neither deleted nor applying.
      const ranks = opts.deleted ? undefined : opts.ranks;
      return [...first, ...(await sqliteInfix(ctx, phrase, pattern, sql<SqlBool>`${base}${others}`, want, new Set(first.map((m) => m.id)), ranks))];
    }
  }
  const rows = await sql<Member>`
    select m.* from members m
    where m.search_text like ${pattern} escape '\\' and ${base}${others}
    order by ${BY_NAME} limit ${want}`.execute(db);
  if (catchingUp) void catchUpSoon(db, dialect);
  return [...first, ...rows.rows];
}
