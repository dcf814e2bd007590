import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect } from '../../test/harness';

// Migration 033: on PostgreSQL the members table keeps half of each page free, so an UPDATE
// that changes no indexed column (updated_at alone, as a bulk edit of groups or checkboxes
// writes) is a HOT update, with no new index entries. Without the room, a page filled by
// inserts has no space for a new version and every such update goes to another page.

describe.runIf(testDialect === 'postgres')('migration 033: room for HOT updates of members (postgres)', () => {
  it('updates the members rows of a full register in place when only updated_at changes', async () => {
    const t = await testApp();
    try {
      const tenantId = (await makeTenant(t.deps)).tenant.id;
      const db = t.deps.db;
      const options = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where relname = 'members'`.execute(db);
      expect(options.rows[0]?.reloptions).toContain('fillfactor=50');
      // Rows the size of real ones (the search text is most of it), enough for tens of pages.
      const at = new Date().toISOString();
      await sql`insert into members (tenant_id, firstname, lastname, email, active, site_admin, board, search_text, created_at, updated_at)
        select ${tenantId}, 'Täysi', 'Sivu' || i, 'sivu' || i || '@example.fi', 1, 0, 0, repeat('haettava teksti ', 20) || i, ${at}, ${at}
        from generate_series(1, 600) as i`.execute(db);
      const counts = await db.transaction().execute(async (trx) => {
        await sql`update members set updated_at = ${new Date(Date.now() + 1000).toISOString()} where tenant_id = ${tenantId}`.execute(trx);
        return (await sql<{ hot: number; all: number }>`select n_tup_hot_upd as hot, n_tup_upd as all from pg_stat_xact_user_tables where relname = 'members'`.execute(trx)).rows[0]!;
      });
      expect(Number(counts.all)).toBeGreaterThanOrEqual(600);
      expect(Number(counts.hot)).toBe(Number(counts.all));
    } finally {
      await t.close();
    }
  });
});
