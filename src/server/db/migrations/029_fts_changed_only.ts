import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// SQLite's search index (members_fts, migration 003) was rewritten for every UPDATE that
// named search_text, changed or not: a bulk edit writes each member once with its new
// search text and updated_at together, and most of those texts stay the same. The trigger
// now fires only when the text really changed. PostgreSQL's trigram GIN needs no change.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists members_fts_au`.execute(db);
  await sql`create trigger members_fts_au after update of search_text on members when old.search_text is not new.search_text begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into members_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists members_fts_au`.execute(db);
  await sql`create trigger members_fts_au after update of search_text on members begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into members_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
}
