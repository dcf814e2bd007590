import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { postgresAvailable, startCluster, type Cluster } from './pg-cluster';

// `npm test`: every suite in order, stopping at the first failure.
// `npm test -- unit pg` runs only the named steps.
// When both the PostgreSQL suite and the browser journeys are wanted, the PostgreSQL suite
// runs on one worker beside the journeys (one browser and one server use about half a core
// of the two a CI machine has), and its output follows theirs: the run stays well within
// its 20 minutes.

const CHROMIUM = '/usr/bin/chromium';
type Step = { name: string; title: string; run: () => Promise<boolean> | boolean };

function sh(cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}
const npx = (args: string[], env?: Record<string, string>) => sh('npx', ['--no-install', ...args], env);

/** As npx, without blocking: the PostgreSQL suite beside the journeys needs the event loop. */
function npxAsync(args: string[]): Promise<boolean> {
  const child = spawn('npx', ['--no-install', ...args], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

function ensureChromium(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} puuttuu: asenna Debianin chromium-paketti (apt-get install -y chromium).`);
    return false;
  }
  console.log('Asennetaan chromium (apt-get)…');
  return sh('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
}

/** The PostgreSQL suite in the background, its output in a file; resolves to whether it passed. */
function startPgInBackground(): { done: Promise<boolean>; log: string } | null {
  if (!postgresAvailable()) return null;
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seura-pg-log-')), 'vitest-pg.log');
  let cluster: Cluster | null = null;
  const done = (async () => {
    cluster = await startCluster();
    const out = fs.openSync(log, 'w');
    const child = spawn('npx', ['--no-install', 'vitest', 'run', '--maxWorkers', '1'], {
      stdio: ['ignore', out, out],
      env: { ...process.env, SEURA_TEST_DB: 'postgres', SEURA_TEST_PG_URL: cluster.url },
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    fs.closeSync(out);
    return code === 0;
  })().finally(() => (cluster as Cluster | null)?.stop());
  return { done, log };
}

const steps: Step[] = [
  { name: 'typecheck', title: 'TypeScript (tsc --noEmit)', run: () => npx(['tsc', '--noEmit', '-p', 'tsconfig.json']) },
  { name: 'lint', title: 'ESLint', run: () => npx(['eslint', '.', '--max-warnings', '0']) },
  { name: 'unit', title: 'Vitest: unit + API tests on SQLite, with coverage', run: () => npx(['vitest', 'run', '--coverage']) },
  {
    name: 'pg',
    title: 'Vitest: data-layer + API tests on PostgreSQL',
    run: async () => {
      if (!postgresAvailable()) {
        console.log('OHITETAAN: PostgreSQL-ohjelmia (initdb, pg_ctl) ei löytynyt, joten PostgreSQL-testit jäävät ajamatta.');
        return true;
      }
      const cluster = await startCluster();
      try {
        return npx(['vitest', 'run'], { SEURA_TEST_DB: 'postgres', SEURA_TEST_PG_URL: cluster.url });
      } finally {
        cluster.stop();
      }
    },
  },
  { name: 'build', title: 'Production build of the web app', run: () => npx(['vite', 'build', '--logLevel', 'warn']) },
  { name: 'e2e', title: 'Playwright e2e journeys in Chromium', run: async () => ensureChromium() && (await npxAsync(['playwright', 'test'])) },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !steps.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`Tuntematon vaihe: ${unknown.join(', ')}. Vaiheet: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const started = Date.now();
const want = (name: string) => wanted.length === 0 || wanted.includes(name);
const besideE2e = want('pg') && want('e2e') ? startPgBeside() : null;

/** Started just before the journeys (after the build), so the SQLite steps have both cores. */
function startPgBeside(): { start: () => void; finish: () => Promise<boolean> } | null {
  let bg: ReturnType<typeof startPgInBackground> = null;
  return {
    start: () => {
      console.log('\n━━ Vitest: data-layer + API tests on PostgreSQL (beside the journeys) ━━');
      bg = startPgInBackground();
      if (!bg) console.log('OHITETAAN: PostgreSQL-ohjelmia (initdb, pg_ctl) ei löytynyt, joten PostgreSQL-testit jäävät ajamatta.');
    },
    finish: async () => {
      if (!bg) return true;
      const t0 = Date.now();
      const ok = await bg.done;
      const text = fs.readFileSync(bg.log, 'utf8');
      // The whole output when it failed; the summary otherwise.
      console.log(ok ? text.split('\n').filter((l) => /Test Files|Tests |Duration/.test(l)).join('\n') : text);
      console.log(`${ok ? '✓' : '✗'} Vitest: data-layer + API tests on PostgreSQL (waited ${((Date.now() - t0) / 1000).toFixed(0)} s after the journeys)`);
      return ok;
    },
  };
}

for (const step of steps) {
  if (wanted.length > 0 && !wanted.includes(step.name)) continue;
  if (besideE2e && step.name === 'pg') continue;
  if (besideE2e && step.name === 'e2e') besideE2e.start();
  const t0 = Date.now();
  console.log(`\n━━ ${step.title} ━━`);
  const ok = await step.run();
  // The PostgreSQL suite beside the journeys reports too, whichever way the journeys went.
  const pgOk = besideE2e && step.name === 'e2e' ? await besideE2e.finish() : true;
  if (!ok || !pgOk) {
    console.error(`\n✗ ${ok ? 'Vitest: data-layer + API tests on PostgreSQL' : step.title} epäonnistui.`);
    process.exit(1);
  }
  console.log(`✓ ${step.title} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log(`\nKaikki testit läpi (${((Date.now() - started) / 1000).toFixed(0)} s).`);
