import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
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
