import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// SQLite: a bulk edit or undo that changes thousands of search texts may leave their search
// index entries (members_fts, migrations 003 and 029) to be made after it commits. Keeping
// FTS5's trigram index in step cost about 4 s of a 13 s whole-register edit, inside the
// transaction. Within such a statement the association has a row in members_fts_defer, and a
// changed text only records the member with the text its index entries were made from
// (members_fts_pending). Deleting a pending row brings the member's entries up to date, which
// is how members/search-index.ts catches up in short transactions. A member pending stays
// so until then: later saves leave its entries alone, and deleting the member removes the
// entries made from the recorded text. Quick search does without the index for an
// association while it has pending members (list-repo.ts search). PostgreSQL's trigram GIN
// is maintained by the database itself.

const DEFERRED = sql`exists (select 1 from members_fts_defer d where d.tenant_id = new.tenant_id)`;
const PENDING = sql`exists (select 1 from members_fts_pending p where p.member_id = old.id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table members_fts_pending (member_id integer primary key, tenant_id integer not null, indexed text not null)`.execute(db);
  await sql`create index members_fts_pending_tenant on members_fts_pending (tenant_id)`.execute(db);
  await sql`create table members_fts_defer (tenant_id integer primary key)`.execute(db);
  // One trigger per event, its statements in order (several triggers' order is not defined).
  await sql`drop trigger if exists members_fts_au`.execute(db);
  await sql`create trigger members_fts_au after update of search_text on members when old.search_text is not new.search_text begin
    insert into members_fts_pending (member_id, tenant_id, indexed) select old.id, old.tenant_id, old.search_text where ${DEFERRED} and not ${PENDING};
    insert into members_fts(members_fts, rowid, search_text) select 'delete', old.id, old.search_text where not ${PENDING};
    insert into members_fts(rowid, search_text) select new.id, new.search_text where not ${PENDING}; end`.execute(db);
  await sql`drop trigger if exists members_fts_ad`.execute(db);
  await sql`create trigger members_fts_ad after delete on members begin
    insert into members_fts(members_fts, rowid, search_text) select 'delete', old.id, old.search_text where not ${PENDING};
    delete from members_fts_pending where member_id = old.id; end`.execute(db);
  // Catching up: the entries of the recorded text out, the member's text now in (none if the
  // member is gone); nothing when an undo brought back the very text indexed.
  await sql`create trigger members_fts_pending_ad after delete on members_fts_pending
    when not exists (select 1 from members m where m.id = old.member_id and m.search_text = old.indexed) begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.member_id, old.indexed);
    insert into members_fts(rowid, search_text) select m.id, m.search_text from members m where m.id = old.member_id; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // Whatever is pending is brought up to date first.
  await sql`delete from members_fts_pending`.execute(db);
  for (const t of ['members_fts_pending_ad', 'members_fts_au', 'members_fts_ad']) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  await sql`create trigger members_fts_au after update of search_text on members when old.search_text is not new.search_text begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into members_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  await sql`create trigger members_fts_ad after delete on members begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
  await sql`drop table members_fts_defer`.execute(db);
  await sql`drop table members_fts_pending`.execute(db);
}
