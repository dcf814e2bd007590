import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { boolCol } from './helpers';

// The rest of the member entity and quick search.
// Search: members.search_text holds folded names, contact data and text values;
// SQLite indexes it with an FTS5 trigram table kept in step by triggers, PostgreSQL
// with a pg_trgm GIN index. Both answer `LIKE '%term%'` from the index for 3+ letters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('email_porg1', 'text').execute();
  await db.schema.alterTable('members').addColumn('email_porg2', 'text').execute();
  await db.schema.alterTable('members').addColumn('imported', 'integer', boolCol(0)).execute();
  await db.schema.alterTable('members').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('members').addColumn('applied_at', 'text').execute();
  await db.schema.alterTable('members').addColumn('application', 'text').execute();
  await db.schema.createIndex('members_tenant_phone').on('members').columns(['tenant_id', 'phone']).execute();
  await db.schema.createIndex('members_tenant_deleted').on('members').columns(['tenant_id', 'deleted_at']).execute();

  if (isPostgres(db)) {
    // pg_trgm and btree_gin ship with PostgreSQL's contrib; without them search still works, unindexed.
    // (Checked up front: a failed statement would abort the migration's transaction.)
    const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name in ('pg_trgm', 'btree_gin')`.execute(db);
    if (available.rows[0]?.n === 2) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      // btree_gin lets the trigram index start with tenant_id, like every other index.
      await sql`create extension if not exists btree_gin`.execute(db);
      await sql`create index members_tenant_search on members using gin (tenant_id, search_text gin_trgm_ops)`.execute(db);
    }
  } else {
    await sql`create virtual table members_fts using fts5(search_text, content='members', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger members_fts_ai after insert on members begin
      insert into members_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`create trigger members_fts_ad after delete on members begin
      insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
    await sql`create trigger members_fts_au after update of search_text on members begin
      insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into members_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`insert into members_fts(members_fts) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ['members_fts_ai', 'members_fts_ad', 'members_fts_au']) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    await sql`drop table if exists members_fts`.execute(db);
  }
}
