import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDeps } from '../src/server/bootstrap';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { seed } from '../scripts/seed';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-diag-'));
const { deps, handle } = await openDeps({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: 'b@example.fi', SEURA_ADMIN_PASSWORD: 'Bench-Salasana-123' });
const created = (await ensureDefaultTenant(deps))!;
const tenantId = created.tenant.id;
await seed(deps.db, tenantId, 100000, 1, { fields: true, groups: 20 });
const q = (s: string) => sql.raw(s);
for (const text of [
  `select m.id from members m where m.tenant_id = ${tenantId} and m.deleted_at is null and m.pending = 0 and 1=1 order by m.sort_lastname asc, m.sort_firstname asc, m.id asc`,
  `select m.id from members m indexed by members_tenant_sort_name where m.tenant_id = ${tenantId} and m.deleted_at is null and m.pending = 0 order by m.sort_lastname asc, m.sort_firstname asc, m.id asc`,
  `select m.id from members m where m.tenant_id = ${tenantId} and m.deleted_at is null and m.pending = 0 order by m.lastname asc, m.firstname asc, m.id asc`,
]) {
  console.log((await sql`explain query plan ${q(text)}`.execute(deps.db)).rows.map((r: any) => r.detail).join(' | '));
  for (let i = 0; i < 3; i++) { const t0 = performance.now(); await q(text).execute(deps.db); console.log((performance.now() - t0).toFixed(1), 'ms'); }
}
await handle.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
