import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/kysely';

// The SQL of bringing quick search's index up to date after a large bulk edit commits
// (search-index.ts): SQLite's FTS5 entries (migration 034), PostgreSQL's copies (migration 035).

/**
 * Within a transaction: the association's texts changed from now on leave their index for later.
 * On SQLite `members` (a set of member ids), those about to be written, are recorded pending
 * with the text their entries were made from, in one statement instead of by the trigger row
 * by row (migration 039); one pending already keeps its older text. Others whose text changes
 * are recorded by the trigger.
 */
export async function deferIndex(db: Db, dialect: Dialect, tenantId: number, members?: RawBuilder<unknown>): Promise<void> {
  // PostgreSQL: a setting of this transaction alone, which migration 035's trigger reads.
  if (dialect === 'postgres') {
    await sql`select set_config('seura.search_later', 'on', true)`.execute(db);
    return;
  }
  await sql`insert into members_fts_defer (tenant_id) values (${tenantId}) on conflict do nothing`.execute(db);
  if (!members) return;
  await sql`insert or ignore into members_fts_pending (member_id, tenant_id, indexed)
    select m.id, m.tenant_id, m.search_text from members m where m.tenant_id = ${tenantId} and m.id in ${members}`.execute(db);
}

/** Ends deferIndex; before the transaction commits, so later statements index as usual. */
export async function undeferIndex(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select set_config('seura.search_later', '', true)`.execute(db);
  else await sql`delete from members_fts_defer`.execute(db);
}

/** Whether the association (without one: any association) has members whose index is not up to date yet. */
export async function hasPending(db: Db, dialect: Dialect, tenantId?: number): Promise<boolean> {
  const table = dialect === 'postgres' ? sql.table('member_search_stale') : sql.table('members_fts_pending');
  const whose = tenantId === undefined ? sql`` : sql` where tenant_id = ${tenantId}`;
  const r = await sql`select 1 as one from ${table}${whose} limit 1`.execute(db);
  return r.rows.length > 0;
}

/**
 * PostgreSQL: the next `chunk` members (in id order) of an association marked stale (migration
 * 038) get their copies made anew where they differ, in one transaction, and the mark moves on
 * past them, or goes after the last; how many members were looked at (0: nothing to do). An
 * association another process is catching up is skipped.
 */
export async function catchUpChunkPg(db: Db, chunk: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const mark = (await sql<{ tenant_id: number; from_id: number }>`select tenant_id, from_id from member_search_stale order by tenant_id limit 1 for update skip locked`.execute(trx)).rows[0];
    if (!mark) return 0;
    const t = mark.tenant_id;
    const range = (
      await sql<{ n: number; last: number | null }>`select count(*)::int as n, max(id) as last from (select id from members where tenant_id = ${t} and id >= ${mark.from_id} order by id limit ${chunk}) c`.execute(trx)
    ).rows[0]!;
    if (range.last !== null) {
      await sql`update member_search s set search_text = m.search_text, sort_lastname = m.sort_lastname, sort_firstname = m.sort_firstname, deleted = m.deleted_at is not null, pending = m.pending
        from members m where m.tenant_id = ${t} and m.id between ${mark.from_id} and ${range.last} and s.tenant_id = m.tenant_id and s.member_id = m.id
          and (s.search_text, s.sort_lastname, s.sort_firstname, s.deleted, s.pending) is distinct from (m.search_text, m.sort_lastname, m.sort_firstname, m.deleted_at is not null, m.pending)`.execute(trx);
    }
    if (range.n < chunk) await sql`delete from member_search_stale where tenant_id = ${t}`.execute(trx);
    else await sql`update member_search_stale set from_id = ${range.last! + 1} where tenant_id = ${t}`.execute(trx);
    // An association with nothing left still counts as looked at, so the caller goes on to the next.
    return Math.max(range.n, 1);
  });
}

/** FTS5's merge settings (its defaults when unset). */
interface MergeSettings {
  automerge: number;
  crisismerge: number;
}

async function mergeSettings(db: Db): Promise<MergeSettings> {
  const r = await sql<{ k: string; v: number }>`select k, v from members_fts_config where k in ('automerge', 'crisismerge')`.execute(db);
  const set = new Map(r.rows.map((row) => [row.k, Number(row.v)]));
  return { automerge: set.get('automerge') ?? 4, crisismerge: set.get('crisismerge') ?? 16 };
}

/** An FTS5 setting's number written into the statement: FTS5 refuses a bound one, which better-sqlite3 binds as REAL. */
const int = (n: number) => sql.lit(Math.trunc(n));

async function setMerge(db: Db, s: MergeSettings): Promise<void> {
  await sql`insert into members_fts(members_fts, rank) values ('automerge', ${int(s.automerge)})`.execute(db);
  await sql`insert into members_fts(members_fts, rank) values ('crisismerge', ${int(s.crisismerge)})`.execute(db);
}

/**
 * Makes the entries of up to `chunk` pending members (every association's) in one transaction;
 * how many. FTS5 writes each transaction's entries as a segment and merges segments as it
 * goes, now and then many at once (a chunk of 1 000 took 30 ms, some 120–500 ms with the
 * merging). So merging is off while the chunk's segment is written, and mergeStep does it
 * in bounded steps between chunks (search-index.ts).
 */
export async function catchUpChunkSqlite(db: Db, chunk: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const kept = await mergeSettings(trx);
    await setMerge(trx, { automerge: 0, crisismerge: FTS_MAX_SEGMENTS });
    // Deleting a pending row makes its entries (migration 034's trigger).
    const r = await sql`delete from members_fts_pending where member_id in (select member_id from members_fts_pending order by member_id limit ${chunk})`.execute(trx);
    await sql`insert into members_fts(members_fts) values ('flush')`.execute(trx);
    await setMerge(trx, kept);
    return Number(r.numAffectedRows ?? 0);
  });
}

/** FTS5's highest crisismerge: segments merge at once only when a level has this many. */
const FTS_MAX_SEGMENTS = 1999;

/** Merges up to `pages` leaf pages of the index's segments; whether there was anything to merge. */
export async function mergeStep(db: Db, pages: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changes = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(trx)).rows[0]!.n);
    const before = await changes();
    await sql`insert into members_fts(members_fts, rank) values ('merge', ${int(pages)})`.execute(trx);
    // FTS5's documented signal: total_changes() grows by 2 or more when the step merged something.
    return (await changes()) - before >= 2;
  });
}
