import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// List caches (members/list-cache.ts) key on a per-association version of what a member list
// reads; db/listVersions.ts explains the two databases' ways of keeping it. Also SQLite's
// twins of migration 008's lower() indexes, with the list's scope columns, so "city is
// Tampere" is answered from an index instead of visiting every member of the association.

/** Tables a member list, its counts or its field model read. */
export const VERSIONED_TABLES = ['members', 'member_values', 'member_groups', 'contact_states', 'fields', 'groups', 'settings'] as const;
const LOWER_COLUMNS = ['firstname', 'lastname', 'email', 'address_street', 'address_zip', 'address_city'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table list_versions (
      tenant_id integer primary key references tenants (id) on delete cascade,
      version bigint not null default 0)`.execute(db);
    // Once per transaction and association (a transaction-local setting remembers it), at
    // commit (deferred), so a 100 000-row statement costs one row update, not 100 000, and the
    // row lock is held only while the transaction commits. A deleted association is skipped.
    await sql`create function seura_list_changed() returns trigger language plpgsql as $fn$
      declare t integer; k text;
      begin
        if tg_op = 'DELETE' then t := old.tenant_id; else t := new.tenant_id; end if;
        k := 'seura.list_changed_' || t;
        if coalesce(current_setting(k, true), '') = '1' then return null; end if;
        perform set_config(k, '1', true);
        insert into list_versions (tenant_id, version)
          select t, 1 where exists (select 1 from tenants where id = t)
          on conflict (tenant_id) do update set version = list_versions.version + 1;
        return null;
      end $fn$`.execute(db);
    for (const table of VERSIONED_TABLES) {
      await sql`create constraint trigger ${sql.id(`${table}_list_changed`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function seura_list_changed()`.execute(db);
    }
    return;
  }
  for (const table of VERSIONED_TABLES) {
    for (const [op, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql`create trigger ${sql.id(`${table}_list_changed_${op}`)} after ${sql.raw(op)} on ${sql.table(table)}
        begin select seura_list_changed(${sql.raw(row)}.tenant_id); end`.execute(db);
    }
  }
  for (const c of LOWER_COLUMNS) {
    await sql`create index ${sql.id(`members_tenant_lower_${c}`)} on members (tenant_id, lower(${sql.id(c)}), deleted_at, pending)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of VERSIONED_TABLES) await sql`drop trigger if exists ${sql.id(`${table}_list_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists seura_list_changed()`.execute(db);
    await sql`drop table if exists list_versions`.execute(db);
    return;
  }
  for (const table of VERSIONED_TABLES) for (const op of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`${table}_list_changed_${op}`)}`.execute(db);
  for (const c of LOWER_COLUMNS) await sql`drop index if exists ${sql.id(`members_tenant_lower_${c}`)}`.execute(db);
}
