import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';

// PostgreSQL's quick search of three letters or more, as one statement. Its parts had been a
// round trip each (the surnames beginning with the term, whether the copies are catching up,
// the walk A–Ö, the sorted matches): 1.6 + 0.9 + 3.9 + 7.1 ms on average over the bench's 101
// terms of letters inside names. Each part after the first runs only when those before it
// left the page short (a condition on them alone, which PostgreSQL checks once before the part).

export interface PostgresSearch {
  tenantId: number;
  /** `LIKE` pattern of the folded term, escaped. */
  pattern: string;
  /** Where surnames beginning with the term start in sort_lastname; null: no such part (a phone number, removed members). */
  surnameFrom: string | null;
  deleted: boolean;
  limit: number;
  /** Names A–Ö walked before every match is sorted; 0: none. */
  walk: number;
}

/** A row of the reply: a member, or nulls when nothing matched. */
type Row = Omit<Member, 'id'> & { id: number | null; stale_: boolean; part_: number | null };

/**
 * The page: surnames beginning with the term first, then the other matches, each A–Ö
 * (list-repo.ts search). `stale`: the copies are catching up after a bulk edit (search-index.ts),
 * so the matches were read from the members' own texts.
 */
export async function postgresSearch(db: Db, q: PostgresSearch): Promise<{ members: Member[]; stale: boolean }> {
  const { tenantId: t, pattern, limit } = q;
  const live = sql`m.tenant_id = ${t} and m.deleted_at is ${q.deleted ? sql`not null` : sql`null`} and m.pending = 0`;
  const starts = q.surnameFrom === null ? sql`false` : sql`${live} and m.sort_lastname >= ${q.surnameFrom} and m.sort_lastname < ${`${q.surnameFrom}\uffff`}`;
  const r = await sql<Row>`
    with stale as materialized (select exists (select 1 from member_search_stale where tenant_id = ${t}) as on_),
    starts as materialized (
      select m.id, m.sort_lastname, m.sort_firstname from members m where ${starts}
      order by m.sort_lastname, m.sort_firstname, m.id limit ${limit}),
    -- Many matches ("ine" is in every tenth text): the first of them lie near the start of the
    -- name index, so the first names' copies are tried before thousands of matches are sorted.
    walk as materialized (
      select s.member_id as id, s.sort_lastname, s.sort_firstname from (
        select s.member_id, s.sort_lastname, s.sort_firstname, s.search_text from member_search s
        where s.tenant_id = ${t} and not s.deleted and s.pending = 0
          and not (select on_ from stale) and (select count(*) from starts) < ${limit}
        order by s.sort_lastname, s.sort_firstname, s.member_id limit ${q.walk}) s
      where s.search_text like ${pattern} escape '\\' and s.member_id not in (select id from starts)
      order by s.sort_lastname, s.sort_firstname, s.member_id limit ${limit}),
    found as materialized (select (select count(*) from starts) + (select count(*) from walk) >= ${limit} as full_),
    -- Every match through the copies' trigram index, only ids and sort keys, sorted in memory.
    hits as materialized (
      select s.member_id as id, s.sort_lastname, s.sort_firstname from member_search s
      where not (select full_ from found) and not (select on_ from stale)
        and s.tenant_id = ${t} and s.search_text like ${pattern} escape '\\' and s.deleted = ${q.deleted} and s.pending = 0
        and s.member_id not in (select id from starts)),
    -- While the copies catch up, the members' own texts.
    texts as materialized (
      select m.id, m.sort_lastname, m.sort_firstname from members m
      where (select on_ from stale) and not (select full_ from found)
        and ${live} and m.search_text like ${pattern} escape '\\' and m.id not in (select id from starts)
      order by m.sort_lastname, m.sort_firstname, m.id limit ${limit}),
    picked as (
      select 0 as part, * from starts
      union all select 1, * from walk where (select full_ from found)
      union all select * from (select 2, * from hits h order by h.sort_lastname, h.sort_firstname, h.id limit ${limit}) h
      union all select 3, * from texts)
    -- One row even when nothing matched, to tell whether the copies are catching up.
    select st.on_ as stale_, r.* from stale st left join lateral (
      select m.*, p.part as part_ from picked p join members m on m.tenant_id = ${t} and m.id = p.id
      order by p.part, p.sort_lastname, p.sort_firstname, p.id limit ${limit}) r on true
    order by r.part_, r.sort_lastname, r.sort_firstname, r.id`.execute(db);
  const stale = r.rows[0]?.stale_ === true;
  const members: Member[] = [];
  for (const { stale_: _stale, part_: _part, id, ...rest } of r.rows) if (id !== null) members.push({ ...rest, id });
  return { members, stale };
}
