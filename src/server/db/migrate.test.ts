import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDb, testDialect } from '../test/harness';
import { migrateToLatest, migrations } from './migrate';

describe(`migrations (${testDialect})`, () => {
  it('are listed in the order of their numbers, so a new one always sorts after every shipped one', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
  });

  it('are idempotent: running them again changes nothing', async () => {
    const tdb = await freshDb();
    try {
      await migrateToLatest(tdb.handle.db);
      await migrateToLatest(tdb.handle.db);
      const rows = await tdb.handle.db.selectFrom('kysely_migration' as never).select(sql<string>`name`.as('name')).execute();
      expect(rows.map((r) => r.name)).toEqual(['001_foundation', '002_fields_groups', '003_members', '004_batches', '005_imports', '006_security', '007_log', '008_pg_lower_indexes', '009_application_fields', '010_password_resets', '011_saved_filters', '012_member_since', '015_export_tokens', '016_unique_email', '017_finnish_sort', '018_balance_ledger', '019_messages', '020_outbox_claim', '021_contact_states_outcome', '022_online_payments', '023_receipts', '024_invoices', '025_bank_payments', '026_self_service', '027_expense_claims', '028_retention', '029_fts_changed_only', '030_list_versions', '031_covering_lower_indexes', '032_model_versions', '033_members_fillfactor', '034_fts_later', '035_pg_search_table', '036_pg_bulk_writes', '037_pg_lean_values', '038_pg_search_stale', '039_sqlite_fts_pending_first', '040_pg_search_in_name_order', '041_list_changes']);
    } finally {
      await tdb.drop();
    }
  });

  it('give every table but tenants a tenant_id, and every index starts with it', async () => {
    const tdb = await freshDb();
    try {
      const tables = await tdb.handle.db.introspection.getTables();
      const own = tables.filter((t) => !t.name.startsWith('kysely_') && !t.name.startsWith('members_fts'));
      for (const t of own) {
        if (t.name === 'tenants') continue;
        expect(t.columns.map((c) => c.name), t.name).toContain('tenant_id');
      }
      const indexes =
        testDialect === 'sqlite'
          ? await sql<{ name: string; first: string }>`
              select m.name as tbl, il.name as name, (select ii.name from pragma_index_info(il.name) ii where ii.seqno = 0) as first
              from sqlite_master m join pragma_index_list(m.name) il
              where m.type = 'table' and m.name not like 'kysely_%' and m.name not like 'members_fts%' and m.name <> 'tenants' and il.origin <> 'pk'`.execute(tdb.handle.db)
          : await sql<{ name: string; first: string }>`
              select i.relname as name, a.attname as first
              from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
              join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
              join pg_namespace n on n.oid = t.relnamespace
              where n.nspname = 'public' and t.relname not like 'kysely_%' and t.relname <> 'tenants' and not x.indisprimary`.execute(tdb.handle.db);
      expect(indexes.rows.length).toBeGreaterThan(0);
      // The outbox worker claims due deliveries across associations (fairly, per association):
      // its one index is the only one that cannot start with the association.
      // A referred email is unique in the whole deployment (each email can be referred once).
      // A statement file dropped in BANK_DIR finds its association by the credited account.
      const crossTenant = new Set(['deliveries_due', 'referrals_email', 'bank_mandates_iban']);
      for (const ix of indexes.rows) if (!crossTenant.has(ix.name)) expect(ix.first, ix.name).toBe('tenant_id');
    } finally {
      await tdb.drop();
    }
  });
});
