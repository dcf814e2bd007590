import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/kysely';

// The SQL of bringing quick search's index up to date after a large bulk edit commits
// (search-index.ts): SQLite's FTS5 entries (migration 034), PostgreSQL's copies (migration 035).

/** Within a transaction: the association's texts changed from now on leave their index for later. */
export async function deferIndex(db: Db, dialect: Dialect, tenantId: number): Promise<void> {
  // PostgreSQL: a setting of this transaction alone, which migration 035's trigger reads.
  if (dialect === 'postgres') await sql`select set_config('seura.search_later', 'on', true)`.execute(db);
  else await sql`insert into members_fts_defer (tenant_id) values (${tenantId}) on conflict do nothing`.execute(db);
}

/** Ends deferIndex; before the transaction commits, so later statements index as usual. */
export async function undeferIndex(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select set_config('seura.search_later', '', true)`.execute(db);
  else await sql`delete from members_fts_defer`.execute(db);
}

/** Whether the association (without one: any association) has members whose index is not up to date yet. */
export async function hasPending(db: Db, dialect: Dialect, tenantId?: number): Promise<boolean> {
  const table = dialect === 'postgres' ? sql.table('member_search_pending') : sql.table('members_fts_pending');
  const whose = tenantId === undefined ? sql`` : sql` where tenant_id = ${tenantId}`;
  const r = await sql`select 1 as one from ${table}${whose} limit 1`.execute(db);
  return r.rows.length > 0;
}

/**
 * PostgreSQL: the copies of up to `chunk` pending members (every association's) made anew in one
 * transaction; how many were pending. Rows another process is catching up are skipped.
 */
export async function catchUpChunkPg(db: Db, chunk: number): Promise<number> {
  const r = await sql<{ n: number }>`with picked as (
      select tenant_id, member_id from member_search_pending order by tenant_id, member_id limit ${chunk} for update skip locked),
    gone as (delete from member_search_pending p using picked where p.tenant_id = picked.tenant_id and p.member_id = picked.member_id returning p.tenant_id, p.member_id),
    made as (update member_search s set search_text = m.search_text, sort_lastname = m.sort_lastname, sort_firstname = m.sort_firstname, deleted = m.deleted_at is not null, pending = m.pending
      from gone g join members m on m.tenant_id = g.tenant_id and m.id = g.member_id
      where s.tenant_id = g.tenant_id and s.member_id = g.member_id and s.search_text is distinct from m.search_text)
    select count(*)::int as n from gone`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
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
