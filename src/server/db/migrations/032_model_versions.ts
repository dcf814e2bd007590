import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { createVersionFunction, createVersionTriggers, dropVersionTriggers } from './helpers';

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
    await createVersionFunction(db, 'model_changed', 'model_version');
  }
  await createVersionTriggers(db, 'model_changed', MODEL_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropVersionTriggers(db, 'model_changed', MODEL_TABLES);
  if (isPostgres(db)) {
    await sql`drop function if exists seura_model_changed()`.execute(db);
    await sql`alter table list_versions drop column if exists model_version`.execute(db);
  }
}
