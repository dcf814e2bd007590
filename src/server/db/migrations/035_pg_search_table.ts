import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// PostgreSQL: quick search's trigram index moves from members to a table of its own,
// member_search (the association, the member and a copy of members.search_text), kept by a
// trigger. A members row whose search text changes then changes no indexed column, so with
// migration 033's free room it is rewritten as a HOT update with no new index entries: the
// bench's whole-register edit's UPDATE of 100 000 members took 25 s with the trigram index on
// members (each new row version entered all its 18 indexes) and 1.1 s without. As on SQLite
// (migration 034), a statement that changes thousands of texts may leave the copies for
// after its commit: with `seura.search_later` set for its transaction the trigger records
// the member in member_search_pending instead, and members/search-index.ts brings the
// copies up to date in short transactions. Searching the narrow table is also cheaper than
// the trigram index of the wide members rows, whose matches each needed their row rechecked.
// Only the text waits: a member's name order and flags are copied at once.

/** The update trigger's statement when the texts are not left for later. */
const COPY_AT_ONCE = `update member_search s set search_text = n.search_text, sort_lastname = n.sort_lastname, sort_firstname = n.sort_firstname, deleted = n.deleted_at is not null, pending = n.pending
          from n join o on o.id = n.id
          where s.tenant_id = n.tenant_id and s.member_id = n.id
            and (o.search_text, o.sort_lastname, o.sort_firstname, o.deleted_at is null, o.pending) is distinct from (n.search_text, n.sort_lastname, n.sort_firstname, n.deleted_at is null, n.pending);`;

/** Its statements when they are: each changed member recorded, the sort keys and flags copied at once (until migration 038). */
export const RECORD_PENDING = `insert into member_search_pending (tenant_id, member_id)
          select n.tenant_id, n.id from n join o on o.id = n.id where n.search_text is distinct from o.search_text
          on conflict do nothing;
        update member_search s set sort_lastname = n.sort_lastname, sort_firstname = n.sort_firstname, deleted = n.deleted_at is not null, pending = n.pending
          from n join o on o.id = n.id
          where s.tenant_id = n.tenant_id and s.member_id = n.id
            and (o.sort_lastname, o.sort_firstname, o.deleted_at is null, o.pending) is distinct from (n.sort_lastname, n.sort_firstname, n.deleted_at is null, n.pending);`;

/** The update trigger's function, with `later` as what it does when the texts are left for later (migration 038 changes that). */
export async function updateTriggerFunction(db: Kysely<unknown>, later: string): Promise<void> {
  await sql`create or replace function seura_member_search_update() returns trigger language plpgsql as $$
    begin
      if current_setting('seura.search_later', true) = 'on' then
        ${sql.raw(later)}
      else
        ${sql.raw(COPY_AT_ONCE)}
      end if;
      return null;
    end $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // The sort keys in the members' own collation (migration 017: fi-x-icu, or C over seura_sort_key).
  const col = await sql<{ c: string | null }>`select collation_name as c from information_schema.columns where table_name = 'members' and column_name = 'sort_lastname'`.execute(db);
  const collate = sql.raw(`collate "${col.rows[0]?.c === 'fi-x-icu' ? 'fi-x-icu' : 'C'}"`);
  // With the sort keys and the two flags of quick search's condition, a search is answered
  // from this table alone (joined to members for the sort keys, 30–110 ms against 10–23 ms).
  // Half of each page is left free, so that a change of the flags (a bulk removal) is a HOT
  // update with no new trigram entries.
  await sql`create table member_search (
    tenant_id integer not null,
    member_id integer not null,
    search_text text not null,
    sort_lastname text ${collate},
    sort_firstname text ${collate},
    deleted boolean not null,
    pending integer not null,
    primary key (tenant_id, member_id),
    foreign key (tenant_id, member_id) references members (tenant_id, id) on delete cascade) with (fillfactor = 50)`.execute(db);
  await sql`insert into member_search select tenant_id, id, search_text, sort_lastname, sort_firstname, deleted_at is not null, pending from members`.execute(db);
  // No foreign key: a whole-register edit records 100 000 of these; a member deleted meanwhile is dropped by the catching up.
  await sql`create table member_search_pending (tenant_id integer not null, member_id integer not null, primary key (tenant_id, member_id))`.execute(db);
  // Migration 003 made the index only when pg_trgm and btree_gin were there; so here.
  const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname in ('pg_trgm', 'btree_gin')`.execute(db);
  if (trgm.rows[0]?.n === 2) await sql`create index member_search_trgm on member_search using gin (tenant_id, search_text gin_trgm_ops)`.execute(db);
  await sql`drop index if exists members_tenant_search`.execute(db);
  // Statement triggers over the rows a statement wrote (transition tables): a whole-register
  // edit's 100 000 changes are one join, where a trigger per row took 3.6 s.
  await sql`create function seura_member_search_insert() returns trigger language plpgsql as $$
    begin
      insert into member_search select n.tenant_id, n.id, n.search_text, n.sort_lastname, n.sort_firstname, n.deleted_at is not null, n.pending from n;
      return null;
    end $$`.execute(db);
  await updateTriggerFunction(db, RECORD_PENDING);
  await sql`create trigger members_search_ai after insert on members referencing new table as n for each statement execute function seura_member_search_insert()`.execute(db);
  await sql`create trigger members_search_au after update on members referencing old table as o new table as n for each statement execute function seura_member_search_update()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists members_search_au on members`.execute(db);
  await sql`drop trigger if exists members_search_ai on members`.execute(db);
  await sql`drop function if exists seura_member_search_insert()`.execute(db);
  await sql`drop function if exists seura_member_search_update()`.execute(db);
  await sql`drop table if exists member_search_pending`.execute(db);
  await sql`drop table if exists member_search`.execute(db);
  const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname in ('pg_trgm', 'btree_gin')`.execute(db);
  if (trgm.rows[0]?.n === 2) await sql`create index if not exists members_tenant_search on members using gin (tenant_id, search_text gin_trgm_ops)`.execute(db);
}
