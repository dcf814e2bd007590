import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './kysely';
import * as m001 from './migrations/001_foundation';
import * as m002 from './migrations/002_fields_groups';
import * as m003 from './migrations/003_members';
import * as m004 from './migrations/004_batches';
import * as m005 from './migrations/005_imports';
import * as m006 from './migrations/006_security';
import * as m007 from './migrations/007_log';
import * as m008 from './migrations/008_pg_lower_indexes';
import * as m009 from './migrations/009_application_fields';
import * as m010 from './migrations/010_password_resets';
import * as m011 from './migrations/011_saved_filters';
import * as m012 from './migrations/012_member_since';
import * as m015 from './migrations/015_export_tokens';
import * as m016 from './migrations/016_unique_email';
import * as m017 from './migrations/017_finnish_sort';
import * as m018 from './migrations/018_balance_ledger';
import * as m019 from './migrations/019_messages';
import * as m020 from './migrations/020_outbox_claim';
import * as m021 from './migrations/021_contact_states_outcome';
import * as m022 from './migrations/022_online_payments';
import * as m023 from './migrations/023_receipts';
import * as m024 from './migrations/024_invoices';
import * as m025 from './migrations/025_bank_payments';
import * as m026 from './migrations/026_self_service';
import * as m027 from './migrations/027_expense_claims';
import * as m028 from './migrations/028_retention';
import * as m029 from './migrations/029_fts_changed_only';
import * as m030 from './migrations/030_list_versions';
import * as m031 from './migrations/031_covering_lower_indexes';
import * as m032 from './migrations/032_model_versions';
import * as m033 from './migrations/033_members_fillfactor';
import * as m034 from './migrations/034_fts_later';
import * as m035 from './migrations/035_pg_search_table';
import * as m036 from './migrations/036_pg_bulk_writes';
import * as m037 from './migrations/037_pg_lean_values';
import * as m038 from './migrations/038_pg_search_stale';
import * as m039 from './migrations/039_sqlite_fts_pending_first';
import * as m040 from './migrations/040_pg_search_in_name_order';
import * as m041 from './migrations/041_list_changes';

// Migrations are imported statically (not read from disk) so they work the same
// under tsx, in tests and in any bundle. Append new ones; never edit a shipped one.
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_fields_groups': m002,
  '003_members': m003,
  '004_batches': m004,
  '005_imports': m005,
  '006_security': m006,
  '007_log': m007,
  '008_pg_lower_indexes': m008,
  '009_application_fields': m009,
  '010_password_resets': m010,
  '011_saved_filters': m011,
  '012_member_since': m012,
  '015_export_tokens': m015,
  '016_unique_email': m016,
  '017_finnish_sort': m017,
  '018_balance_ledger': m018,
  '019_messages': m019,
  '020_outbox_claim': m020,
  '021_contact_states_outcome': m021,
  '022_online_payments': m022,
  '023_receipts': m023,
  '024_invoices': m024,
  '025_bank_payments': m025,
  '026_self_service': m026,
  '027_expense_claims': m027,
  '028_retention': m028,
  '029_fts_changed_only': m029,
  '030_list_versions': m030,
  '031_covering_lower_indexes': m031,
  '032_model_versions': m032,
  '033_members_fillfactor': m033,
  '034_fts_later': m034,
  '035_pg_search_table': m035,
  '036_pg_bulk_writes': m036,
  '037_pg_lean_values': m037,
  '038_pg_search_stale': m038,
  '039_sqlite_fts_pending_first': m039,
  '040_pg_search_in_name_order': m040,
  '041_list_changes': m041,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to run at every start and concurrently-safe via Kysely's lock table. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Ordered: a database refuses a new migration that sorts before one it has run, so new
  // ones always get a number after every shipped one (migrate.test.ts checks the order).
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
