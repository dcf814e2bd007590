import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// A per-association version of the member field model alone (fields, groups, settings), beside
// migration 030's list version: a saved member changes the list version but not the model, so
// a list's first read after the save need not read the fields, groups and settings again
// (members/list-cache.ts cachedModel). The same two ways as 030: on PostgreSQL a deferred
// trigger bumps `list_versions.model_version` once per transaction and association at commit;
// on SQLite the triggers call seura_model_changed(tenant_id), a counter of this process
// (db/listVersions.ts), with PRAGMA data_version for other processes' commits.

export const MODEL_TABLES = ['fields', 'groups', 'settings'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table list_versions add column model_version bigint not null default 0`.execute(db);
    await sql`create function seura_model_changed() returns trigger language plpgsql as $fn$
      declare t integer; k text;
      begin
        if tg_op = 'DELETE' then t := old.tenant_id; else t := new.tenant_id; end if;
        k := 'seura.model_changed_' || t;
        if coalesce(current_setting(k, true), '') = '1' then return null; end if;
        perform set_config(k, '1', true);
        insert into list_versions (tenant_id, version, model_version)
          select t, 0, 1 where exists (select 1 from tenants where id = t)
          on conflict (tenant_id) do update set model_version = list_versions.model_version + 1;
        return null;
      end $fn$`.execute(db);
    for (const table of MODEL_TABLES) {
      await sql`create constraint trigger ${sql.id(`${table}_model_changed`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function seura_model_changed()`.execute(db);
    }
    return;
  }
  for (const table of MODEL_TABLES) {
    for (const [op, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql`create trigger ${sql.id(`${table}_model_changed_${op}`)} after ${sql.raw(op)} on ${sql.table(table)}
        begin select seura_model_changed(${sql.raw(row)}.tenant_id); end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of MODEL_TABLES) await sql`drop trigger if exists ${sql.id(`${table}_model_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists seura_model_changed()`.execute(db);
    await sql`alter table list_versions drop column if exists model_version`.execute(db);
    return;
  }
  for (const table of MODEL_TABLES) for (const op of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`${table}_model_changed_${op}`)}`.execute(db);
}
