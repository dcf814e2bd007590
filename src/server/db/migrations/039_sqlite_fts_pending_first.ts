import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// SQLite: a bulk edit or undo that leaves the search index for later (migration 034) records
// the members it is about to write as pending in one statement before it writes them
// (search-index-repo.ts deferIndex), and the trigger on a changed text now asks first whether
// the member is pending and does nothing more if so. Recording each member from the trigger
// (a lookup of the association's deferral and three of the pending table per row, and an insert)
// had made the whole-register edit's members UPDATE take 0.96–0.99 s against 0.43–0.53 s for the
// insert beforehand and the UPDATE together. A member whose text changes while not recorded is
// still recorded by the trigger, as before.

const DEFERRED = sql`exists (select 1 from members_fts_defer d where d.tenant_id = new.tenant_id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists members_fts_au`.execute(db);
  await sql`create trigger members_fts_au after update of search_text on members
    when old.search_text is not new.search_text and not exists (select 1 from members_fts_pending p where p.member_id = old.id) begin
    insert into members_fts_pending (member_id, tenant_id, indexed) select old.id, old.tenant_id, old.search_text where ${DEFERRED};
    insert into members_fts(members_fts, rowid, search_text) select 'delete', old.id, old.search_text where not ${DEFERRED};
    insert into members_fts(rowid, search_text) select new.id, new.search_text where not ${DEFERRED}; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // Migration 034's trigger.
  const pending = sql`exists (select 1 from members_fts_pending p where p.member_id = old.id)`;
  await sql`drop trigger if exists members_fts_au`.execute(db);
  await sql`create trigger members_fts_au after update of search_text on members when old.search_text is not new.search_text begin
    insert into members_fts_pending (member_id, tenant_id, indexed) select old.id, old.tenant_id, old.search_text where ${DEFERRED} and not ${pending};
    insert into members_fts(members_fts, rowid, search_text) select 'delete', old.id, old.search_text where not ${pending};
    insert into members_fts(rowid, search_text) select new.id, new.search_text where not ${pending}; end`.execute(db);
}
