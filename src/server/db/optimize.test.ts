import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect } from '../test/harness';
import { makeMember } from '../test/factories';
import { optimizeSqlite } from './optimize';

describe.runIf(testDialect === 'sqlite')('SQLite planner statistics', () => {
  it('are gathered for the members table once it holds rows', async () => {
    const t = await testApp();
    try {
      const tenant = await makeTenant(t.deps);
      for (let i = 0; i < 30; i++) await makeMember(t.deps, tenant, { firstname: `Aino${i}`, lastname: 'Testi', email: `a${i}@example.fi` });
      await optimizeSqlite(t.deps.db, t.deps.dialect);
      const stats = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'members'`.execute(t.deps.db);
      expect(stats.rows.map((r) => r.idx)).toContain('members_tenant_sort_name');
    } finally {
      await t.close();
    }
  });
});
