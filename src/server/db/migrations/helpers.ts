import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// Small helpers so one migration text produces the right DDL on SQLite and PostgreSQL.

/** Auto-increment integer primary key. */
export function withId<T extends string>(db: Kysely<unknown>, t: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** tenant_id referencing tenants; every table but tenants has one. */
export const tenantRef = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

export const boolCol = (dflt: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(dflt);

/**
 * Triggers that tell the version function `seura_<name>` of each write to `tables` (migrations
 * 030 and 032): on PostgreSQL deferred constraint triggers, once per row, of the plpgsql
 * function (createVersionFunction); on SQLite, after each insert, update and delete, a call of
 * the process's function with the row's tenant_id (db/listVersions.ts). Named `<table>_<name>`
 * (PostgreSQL) or `<table>_<name>_<op>` (SQLite).
 */
export async function createVersionTriggers(db: Kysely<unknown>, name: string, tables: readonly string[]): Promise<void> {
  const fn = `seura_${name}`;
  for (const table of tables) {
    if (isPostgres(db)) {
      await sql`create constraint trigger ${sql.id(`${table}_${name}`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function ${sql.raw(fn)}()`.execute(db);
      continue;
    }
    for (const [op, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql`create trigger ${sql.id(`${table}_${name}_${op}`)} after ${sql.raw(op)} on ${sql.table(table)}
        begin select ${sql.raw(fn)}(${sql.raw(row)}.tenant_id); end`.execute(db);
    }
  }
}

/** Drops what createVersionTriggers made. */
export async function dropVersionTriggers(db: Kysely<unknown>, name: string, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (isPostgres(db)) await sql`drop trigger if exists ${sql.id(`${table}_${name}`)} on ${sql.table(table)}`.execute(db);
    else for (const op of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`${table}_${name}_${op}`)}`.execute(db);
  }
}

/**
 * PostgreSQL's trigger function `seura_<name>()`, which adds one to `list_versions.<column>` of
 * the row's association once per transaction (a transaction-local setting remembers it). Run
 * by createVersionTriggers' deferred triggers, at commit, so a 100 000-row statement costs one
 * row update, not 100 000, and the row lock is held only while the transaction commits. A
 * deleted association is skipped.
 */
export async function createVersionFunction(db: Kysely<unknown>, name: string, column: string): Promise<void> {
  await sql`create function ${sql.raw(`seura_${name}`)}() returns trigger language plpgsql as $fn$
      declare t integer; k text;
      begin
        if tg_op = 'DELETE' then t := old.tenant_id; else t := new.tenant_id; end if;
        k := ${sql.lit(`seura.${name}_`)} || t;
        if coalesce(current_setting(k, true), '') = '1' then return null; end if;
        perform set_config(k, '1', true);
        insert into list_versions (tenant_id, ${sql.raw(column)})
          select t, 1 where exists (select 1 from tenants where id = t)
          on conflict (tenant_id) do update set ${sql.raw(column)} = list_versions.${sql.raw(column)} + 1;
        return null;
      end $fn$`.execute(db);
}
