import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';

// PostgreSQL's quick search of letters inside names (after the surnames that begin with them,
// list-repo.ts search), as one statement: whether the copies are catching up, the walk A–Ö
// and the sort of every match had been a round trip each (0.9 + 3.9 + 7.1 ms on average over
// the bench's 101 terms of letters inside names). The sort runs only when the walk left the
// page short: a condition on the walk alone, which PostgreSQL checks once before it.

export interface PostgresInfix {
  tenantId: number;
  /** `LIKE` pattern of the folded term, escaped. */
  pattern: string;
  deleted: boolean;
  /** How many members the page still wants. */
  want: number;
  /** Members already on the page (surnames beginning with the term). */
  skip: readonly number[];
  /** Names A–Ö walked before every match is sorted; 0: none. */
  walk: number;
}

/** A row of the reply: a member, or nulls when nothing matched. */
type Row = Omit<Member, 'id'> & { id: number | null; stale_: boolean };

/**
 * The page's other matches A–Ö, or null while the copies are catching up after a bulk edit
 * (search-index.ts): then the caller reads the members' own texts.
 */
export async function postgresInfix(db: Db, q: PostgresInfix): Promise<Member[] | null> {
  const { tenantId: t, pattern, want } = q;
  // An empty array would be typed unknown; no id is 0.
  const skip = sql`array[${sql.join(q.skip.length > 0 ? q.skip : [0])}]::int[]`;
  const r = await sql<Row>`
    with stale as materialized (select exists (select 1 from member_search_stale where tenant_id = ${t}) as on_),
    -- Many matches ("ine" is in every tenth text): the first of them lie near the start of the
    -- name index, so the first names' copies are tried (through their own name index, migration
    -- 040) before thousands of matches are sorted. PostgreSQL's guess of how many texts hold
    -- three letters is a constant, so left to itself it walked the whole index for letters that
    -- only late names hold: hence the limit.
    walk as materialized (
      select s.member_id as id, s.sort_lastname, s.sort_firstname from (
        select s.member_id, s.sort_lastname, s.sort_firstname, s.search_text from member_search s
        where s.tenant_id = ${t} and not s.deleted and s.pending = 0 and not (select on_ from stale)
        order by s.sort_lastname, s.sort_firstname, s.member_id limit ${q.walk}) s
      where s.search_text like ${pattern} escape '\\' and s.member_id <> all(${skip})
      order by s.sort_lastname, s.sort_firstname, s.member_id limit ${want}),
    -- Every match through the copies' trigram index, only ids and sort keys, sorted in memory.
    hits as materialized (
      select s.member_id as id, s.sort_lastname, s.sort_firstname from member_search s
      where (select count(*) from walk) < ${want} and not (select on_ from stale)
        and s.tenant_id = ${t} and s.search_text like ${pattern} escape '\\' and s.deleted = ${q.deleted} and s.pending = 0
        and s.member_id <> all(${skip})),
    picked as (
      select * from walk where (select count(*) from walk) >= ${want}
      union all select * from (select * from hits h order by h.sort_lastname, h.sort_firstname, h.id limit ${want}) h)
    -- One row even when nothing matched, to tell whether the copies are catching up.
    select st.on_ as stale_, r.* from stale st left join lateral (
      select m.* from picked p join members m on m.tenant_id = ${t} and m.id = p.id) r on true
    order by r.sort_lastname, r.sort_firstname, r.id`.execute(db);
  if (r.rows[0]?.stale_ === true) return null;
  const members: Member[] = [];
  for (const { stale_: _stale, id, ...rest } of r.rows) if (id !== null) members.push({ ...rest, id });
  return members;
}
