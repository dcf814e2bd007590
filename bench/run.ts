import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDeps } from '../src/server/bootstrap';
import { buildApp } from '../src/server/app';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { seed } from '../scripts/seed';
import { measure, fmt } from './stats';

// `npm run bench`: figures for the README, never pass/fail. Seeds a throwaway register,
// then times API calls over real HTTP with a logged-in session next to the raw SQL.
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const N = Number(process.env.BENCH_N ?? 300);
const PASSWORD = 'Bench-Salasana-123';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-'));
const { deps, handle } = await openDeps({ ...process.env, DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: 'bench@example.fi', SEURA_ADMIN_PASSWORD: PASSWORD });
try {
  const created = (await ensureDefaultTenant(deps))!;
  const t0 = performance.now();
  await seed(deps.db, created.tenant.id, MEMBERS, 1);
  console.log(`Tietokanta: ${handle.dialect}; ${MEMBERS} jäsentä lisätty ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  // Log in like the browser: get the CSRF cookie, then post credentials.
  const first = await fetch(`${base}/api/1/health`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/api/1/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ email: 'bench@example.fi', password: PASSWORD }),
  });
  const session = /seura_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  const headers = { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}; seura_session=${session}` };

  const rows: [string, { p50: number; p95: number; n: number }][] = [];
  rows.push(['GET session/get (HTTP)', await measure(N, () => fetch(`${base}/api/1/session/get`, { headers }).then((r) => r.json()))]);
  rows.push(['POST members/get_stats (HTTP)', await measure(N, () => fetch(`${base}/api/1/members/get_stats`, { method: 'POST', headers, body: '{}' }).then((r) => r.json()))]);
  rows.push([
    '  same stats as raw SQL',
    await measure(N, () =>
      sql`select pending, active, count(*) from members
          where tenant_id = ${created.tenant.id} and deleted_at is null group by pending, active`.execute(deps.db),
    ),
  ]);
  console.log(`\n${'kysely'.padEnd(34)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}   n`);
  for (const [name, r] of rows) console.log(`${name.padEnd(34)} ${fmt(r.p50).padStart(10)} ${fmt(r.p95).padStart(10)}   ${r.n}`);
  await app.close();
} finally {
  deps.mailer.close();
  await handle.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
