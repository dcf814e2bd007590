import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { createVersionFunction, createVersionTriggers, dropVersionTriggers } from './helpers';

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
    await createVersionFunction(db, 'list_changed', 'version');
    await createVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
    return;
  }
  await createVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
  for (const c of LOWER_COLUMNS) {
    await sql`create index ${sql.id(`members_tenant_lower_${c}`)} on members (tenant_id, lower(${sql.id(c)}), deleted_at, pending)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
  if (isPostgres(db)) {
    await sql`drop function if exists seura_list_changed()`.execute(db);
    await sql`drop table if exists list_versions`.execute(db);
    return;
  }
  for (const c of LOWER_COLUMNS) await sql`drop index if exists ${sql.id(`members_tenant_lower_${c}`)}`.execute(db);
}
