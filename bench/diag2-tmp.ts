import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDeps } from '../src/server/bootstrap';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { loadModel } from '../src/server/modules/members/model';
import * as list from '../src/server/modules/members/list-repo';
import * as repo from '../src/server/modules/members/repo';
import { buildRows } from '../src/server/modules/members/rows';
import { seed } from '../scripts/seed';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-diag-'));
const { deps, handle } = await openDeps({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: 'b@example.fi', SEURA_ADMIN_PASSWORD: 'Bench-Salasana-123' });
const created = (await ensureDefaultTenant(deps))!;
const tenantId = created.tenant.id;
await seed(deps.db, tenantId, 100000, 1, { fields: true, groups: 20 });
const model = await loadModel(deps.db, tenantId);
const ctx = { db: deps.db, dialect: deps.dialect, tenantId, model };
const columns = ['email', 'phone', 'address_street', 'address_zip', 'address_city', 'liittymisvuosi', 'jasenlaji', 'syntymapaiva', 'harrastus', 'maksettu', 'jasenmaksu', 'ryhma_1'];
const max: Record<string, number> = {};
const sum: Record<string, number> = {};
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
async function ph<T>(name: string, fn: () => Promise<T> | T): Promise<T> { const c0 = cpu(); const r = await fn(); const d = cpu() - c0; max[name] = Math.max(max[name] ?? 0, d); sum[name] = (sum[name] ?? 0) + d; return r; }
for (let round = 0; round < 2; round++) {
  const { ids } = await ph('ids', () => list.pageIds(ctx, { filter: [], deleted: false, pending: false }, { sort: { field: 'lastname', dir: 'asc' }, offset: 0, limit: 100000 }));
  for (let i = 0; i < ids.length; i += 500) {
    const members = await ph('members', () => list.membersInOrder(ctx, ids.slice(i, i + 500)));
    const mids = members.map((m) => m.id);
    const values = await ph('values', () => repo.valuesOf(deps.db, tenantId, mids));
    const groups = await ph('groups', () => repo.groupsOf(deps.db, tenantId, mids));
    const rows = await ph('build', () => buildRows({ members, values, groups, model, columns }));
    await ph('json', () => rows.map((r) => JSON.stringify(r)).join(','));
    await new Promise((r) => setImmediate(r));
  }
}
console.log('max cpu ms', JSON.stringify(Object.fromEntries(Object.entries(max).map(([k, v]) => [k, v.toFixed(1)]))));
console.log('sum cpu ms', JSON.stringify(Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v.toFixed(0)]))));
await handle.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
