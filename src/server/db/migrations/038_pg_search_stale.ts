import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { RECORD_PENDING, updateTriggerFunction } from './035_pg_search_table';

// PostgreSQL: a bulk edit or undo that leaves quick search's copies of the texts for after
// its commit (migration 035) marks its association once instead of recording each member.
// Its statement trigger had joined the old and new rows of the statement and inserted one
// member_search_pending row per changed text: 1.8–1.9 s of the 100 000-member edit's UPDATE
// (2.9 s with the trigger, 1.0 s without), and as much again in its undo. Now it notes the
// association in member_search_stale, and the catching up (members/search-index-repo.ts)
// walks the association's members in id order from `from_id`, making anew every copy that
// differs from its member (text, name order, flags), a chunk per transaction. Until the mark
// is gone quick search reads the members' own texts and names, never the copies, so the
// copies may lag in any column meanwhile. A new deferral while one is caught up starts the
// walk again from the first member.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // No key to tenants: a deleted association's mark finds no members and goes.
  await sql`create table member_search_stale (tenant_id integer primary key, from_id integer not null default 0)`.execute(db);
  await sql`insert into member_search_stale (tenant_id) select distinct tenant_id from member_search_pending`.execute(db);
  await sql`drop table member_search_pending`.execute(db);
  await updateTriggerFunction(db, `insert into member_search_stale (tenant_id) select distinct tenant_id from n
          on conflict (tenant_id) do update set from_id = 0;`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table member_search_pending (tenant_id integer not null, member_id integer not null, primary key (tenant_id, member_id))`.execute(db);
  await sql`insert into member_search_pending select m.tenant_id, m.id from members m join member_search_stale st on st.tenant_id = m.tenant_id`.execute(db);
  await sql`drop table member_search_stale`.execute(db);
  await updateTriggerFunction(db, RECORD_PENDING);
}
