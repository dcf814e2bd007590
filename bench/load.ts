import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { openDeps } from '../src/server/bootstrap';
import { openPostgres } from '../src/server/db/kysely';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { hashPassword } from '../src/server/lib/passwords';
import { startCluster } from '../scripts/pg-cluster';
import { seed } from '../scripts/seed';
import { signIn, startServer, type ServerProcess, type Session } from '../src/server/test/serverProcess';
import { BENCH_ADMIN } from './http';

// npm run bench:load — several processes on one PostgreSQL under load (docs/scaling.md):
// a throwaway cluster, BENCH_LOAD_MEMBERS members (100 000), three server processes that all
// run workers on one DATABASE_URL, DATA_DIR and SESSION_SECRET, and 50 site admins mixing
// list pages, quick searches, member saves and log reads for BENCH_LOAD_SECONDS (60), spread
// over the processes. Midway one process is killed with SIGKILL: its clients fail over to the
// others, as behind a load balancer. At the end every save that was answered 200 is looked up
// in the database. Latencies include the client's own share of this machine's CPU: on a
// shared machine they are relative figures (the load average is printed beside them).

const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const ADMINS = Number(process.env.BENCH_LOAD_ADMINS ?? 50);
/**
 * Pause between one admin's requests (500–1500 ms around it): a person reads a page before the
 * next click. 0: each admin sends the next as soon as the last is answered, which measures the
 * machine's CPU share rather than a response time.
 */
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
const PROCESSES = 3;
const PASSWORD = BENCH_ADMIN.password;

type Op = 'get_results' | 'quicksearch' | 'save' | 'log';
// The mix per admin: mostly reading, one request in five a save.
const MIX: [Op, number][] = [
  ['get_results', 0.4],
  ['quicksearch', 0.25],
  ['save', 0.2],
  ['log', 0.15],
];
const CITIES = ['Tampere', 'Helsinki', 'Turku', 'Oulu', 'Espoo', 'Vantaa', 'Jyväskylä', 'Lahti'];
const TERMS = ['kin', 'mat', 'vir', 'lai', 'kor', 'nie', 'hei', 'saa', 'joh', 'ann'];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
function pickOp(): Op {
  let r = Math.random();
  for (const [op, w] of MIX) if ((r -= w) < 0) return op;
  return 'get_results';
}

interface Server {
  proc: ServerProcess;
  alive: boolean;
}

interface Tally {
  latencies: Record<Op, number[]>;
  /** Every call's second of the run, process and time, to tell when the slowest came. */
  calls: { at: number; proc: number; op: Op; ms: number }[];
  errors: string[];
  /** Requests in flight on the killed process when it died: retried on another. */
  cut: number;
  /** Requests sent to the dead process before its client noticed: refused, sent elsewhere. */
  refused: number;
  /** memberId → the address_street value its last 200 carried. */
  saved: Map<number, string>;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const cluster = await startCluster();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-load-'));
  const servers: Server[] = [];
  try {
    const env = { DATABASE_URL: cluster.url, DATA_DIR: dataDir, SESSION_SECRET: crypto.randomBytes(32).toString('base64url') };
    const t0 = performance.now();
    const { deps, handle } = await openDeps({ ...env, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: PASSWORD });
    const tenantId = (await ensureDefaultTenant(deps))!.tenant.id;
    const passwordHash = await hashPassword(PASSWORD);
    await seed(deps.db, tenantId, MEMBERS, 1, { fields: true, groups: 20, siteAdmins: { count: ADMINS, passwordHash } });
    const admins = (await deps.db.selectFrom('members').select('email').where('tenant_id', '=', tenantId).where('password_hash', '=', passwordHash).orderBy('id').execute()).map((m) => m.email!);
    const editable = (await deps.db.selectFrom('members').select('id').where('tenant_id', '=', tenantId).where('site_admin', '=', 0).where('deleted_at', 'is', null).orderBy('id').execute()).map((m) => m.id);
    await handle.destroy();
    deps.mailer.close();
    console.log(`PostgreSQL: ${MEMBERS} jäsentä, ${admins.length} pääkäyttäjää lisätty ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Every process runs the workers too (WORKERS=1): the jobs claim their work in the database.
    for (let i = 0; i < PROCESSES; i++) servers.push({ proc: await startServer({ ...env, WORKERS: '1', LOG_LEVEL: 'error' }, 120_000), alive: true });
    // Signed in ten at a time: every admin comes from 127.0.0.1, and logins in flight count
    // against LOGIN_MAX_FAILURES_PER_IP (20) until they succeed, so 50 at once could get a 429.
    const sessions: Session[] = [];
    for (let i = 0; i < admins.length; i += 10) {
      sessions.push(...(await Promise.all(admins.slice(i, i + 10).map((email, j) => signIn(servers[(i + j) % PROCESSES]!.proc.base, email, PASSWORD)))));
    }
    console.log(`${PROCESSES} palvelinprosessia, ${sessions.length} kirjautunutta pääkäyttäjää (tauko kutsujen välillä ${THINK_MS ? `${String(THINK_MS / 2)}–${String(THINK_MS * 1.5)} ms` : 'ei'}); kuorma ${SECONDS} s, prosessi 1 tapetaan (SIGKILL) puolivälissä`);

    const tally: Tally = { latencies: { get_results: [], quicksearch: [], save: [], log: [] }, calls: [], errors: [], cut: 0, refused: 0, saved: new Map() };
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    let killedAt = Infinity;
    const killer = setTimeout(() => {
      killedAt = performance.now();
      servers[0]!.alive = false;
      servers[0]!.proc.child.kill('SIGKILL');
      console.log(`  ${((killedAt - started) / 1000).toFixed(1)} s: prosessi 1 tapettu`);
    }, (SECONDS * 1000) / 2);

    await Promise.all(
      sessions.map(async (session, a) => {
        let pinned = a % PROCESSES;
        let next = 0;
        while (performance.now() < deadline) {
          if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
          const op = pickOp();
          let url: string;
          let body: unknown;
          let saved: [number, string] | null = null;
          if (op === 'get_results') {
            url = '/api/1/members/get_results';
            body = { filter: [{ field: 'address_city', verb: 'eq', value: pick(CITIES) }], sort: { field: 'lastname', dir: 'asc' }, page: Math.floor(Math.random() * 10), page_size: 20, columns: ['email', 'phone', 'address_city'] };
          } else if (op === 'quicksearch') {
            url = '/api/1/members/quicksearch';
            body = { term: pick(TERMS) };
          } else if (op === 'log') {
            url = '/api/1/log/all';
            body = { page: Math.floor(Math.random() * 3) };
          } else {
            // Each admin edits its own members, a new one each time: every 200 can be checked.
            const id = editable[a + admins.length * next++]!;
            const value = `Kuormatie ${String(a)}-${String(next)}`;
            url = `/api/1/members/${String(id)}`;
            body = { address_street: value };
            saved = [id, value];
          }
          // Retried on another process when the pinned one is gone, as a load balancer does.
          for (;;) {
            const server = servers[pinned]!;
            const t = performance.now();
            let res: Response;
            let answer: ArrayBuffer;
            try {
              res = await fetch(`${server.proc.base}${url}`, { method: 'POST', headers: session.headers, body: JSON.stringify(body) });
              answer = await res.arrayBuffer();
            } catch (e) {
              if (!server.alive) {
                if (t < killedAt) tally.cut += 1;
                else tally.refused += 1;
                pinned = servers.findIndex((s) => s.alive);
                continue;
              }
              tally.errors.push(`${op}: ${e instanceof Error ? e.message : String(e)}`);
              break;
            }
            if (res.status !== 200) {
              tally.errors.push(`${op}: HTTP ${String(res.status)} ${new TextDecoder().decode(answer).slice(0, 300)}`);
              break;
            }
            tally.latencies[op].push(performance.now() - t);
            tally.calls.push({ at: (t - started) / 1000, proc: pinned + 1, op, ms: performance.now() - t });
            if (saved) tally.saved.set(saved[0], saved[1]);
            break;
          }
        }
      }),
    );
    clearTimeout(killer);
    const elapsed = (performance.now() - started) / 1000;
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');

    // No lost 200s: every acknowledged save is in the database.
    const check = openPostgres(cluster.url);
    const entries = [...tally.saved];
    let found = 0;
    for (let i = 0; i < entries.length; i += 1000) {
      const chunk = entries.slice(i, i + 1000);
      const rows = await check.db.selectFrom('members').select(['id', 'address_street']).where('id', 'in', chunk.map(([id]) => id)).execute();
      const now = new Map(rows.map((r) => [r.id, r.address_street]));
      for (const [id, value] of chunk) if (now.get(id) === value) found += 1;
    }
    await check.destroy();

    const all = Object.values(tally.latencies).flat().sort((x, y) => x - y);
    console.log(`\n${'kutsu'.padEnd(14)} ${'n'.padStart(7)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}`);
    for (const [op, list] of Object.entries(tally.latencies)) {
      const s = [...list].sort((x, y) => x - y);
      console.log(`${op.padEnd(14)} ${String(s.length).padStart(7)} ${ms(percentile(s, 50)).padStart(10)} ${ms(percentile(s, 95)).padStart(10)} ${ms(percentile(s, 99)).padStart(10)}`);
    }
    console.log(`${'kaikki'.padEnd(14)} ${String(all.length).padStart(7)} ${ms(percentile(all, 50)).padStart(10)} ${ms(percentile(all, 95)).padStart(10)} ${ms(percentile(all, 99)).padStart(10)}`);
    const slowest = [...tally.calls].sort((x, y) => y.ms - x.ms).slice(0, 8);
    console.log(`hitaimmat: ${slowest.map((c) => `${c.op} ${ms(c.ms)} (${c.at.toFixed(1)} s, prosessi ${String(c.proc)})`).join('; ')}`);
    console.log(`\nläpäisy: ${(all.length / elapsed).toFixed(0)} kutsua/s (${String(all.length)} kutsua ${elapsed.toFixed(1)} s:ssa)`);
    console.log(`virheitä: ${String(tally.errors.length)}${tally.errors.length ? ` (esim. ${[...new Set(tally.errors)].slice(0, 5).join('; ')})` : ''}`);
    console.log(`tapon katkaisemia (uudelleen toisella prosessilla): ${String(tally.cut)}; kuolleelle prosessille lähetettyjä ennen siirtoa: ${String(tally.refused)}`);
    console.log(`tallennuksia 200: ${String(entries.length)}, tietokannassa: ${String(found)}${found === entries.length ? ' – yksikään kuitattu tallennus ei kadonnut' : ` – KADONNEITA ${String(entries.length - found)}`}`);
    console.log(`kuormitus (load average 1/5/15 min): ${load}; ytimiä ${String(os.cpus().length)}`);
    if (tally.errors.length > 0) {
      // The servers' own error lines (pino level 50), to tell why a request failed.
      for (const [i, srv] of servers.entries()) {
        const lines = srv.proc.stdout().split('\n').filter((l) => l.includes('"level":50'));
        for (const l of lines.slice(-5)) console.log(`prosessi ${String(i + 1)}: ${l.slice(0, 1500)}`);
      }
    }
    if (tally.errors.length > 0 || found !== entries.length) process.exitCode = 1;
  } finally {
    for (const s of servers) if (s.alive) await s.proc.stop();
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
