import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { postgresAvailable, startCluster, type Cluster } from './pg-cluster';

// `npm test`: every suite, stopping at the first failure.
// `npm test -- unit pg` runs only the named steps.
// Typecheck and lint run side by side, then the build. The browser journeys are the long
// step (two workers, each with a browser and a server of its own, waiting on them more than
// computing), so the Vitest suites run beside them at a lower priority on one worker each,
// SQLite first, then PostgreSQL, with their output after the journeys'.

const CHROMIUM = '/usr/bin/chromium';
type Step = { name: string; title: string; run: () => Promise<boolean> | boolean };

function sh(cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}
const npx = (args: string[], env?: Record<string, string>) => sh('npx', ['--no-install', ...args], env);

/** As npx, without blocking: steps side by side, and the suites beside the journeys, need the event loop. */
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

/** A command in the background with its output in a file; resolves to whether it passed. */
function inBackground(args: string[], env: Record<string, string> = {}): { done: Promise<boolean>; log: string } {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seura-test-log-')), 'out.log');
  const out = fs.openSync(log, 'w');
  // At a lower priority: the journeys beside them wait on the browser and the servers, and a
  // journey kept waiting for the CPU is the whole run kept waiting.
  const child = spawn('nice', ['-n', '10', 'npx', '--no-install', ...args], { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  const done = new Promise<boolean>((resolve) => child.on('close', (code) => resolve(code === 0))).finally(() => fs.closeSync(out));
  return { done, log };
}

const SKIP_PG = 'OHITETAAN: PostgreSQL-ohjelmia (initdb, pg_ctl) ei löytynyt, joten PostgreSQL-testit jäävät ajamatta.';
// Coverage is measured by the shared rules' own tests: collecting it over the whole suite
// made the suite a quarter slower (158 s against 127 s with two workers, idle).
const SHARED_ARGS = ['vitest', 'run', '--coverage', 'src/shared'];
const SHARED_TITLE = 'Vitest: the shared rules, with their coverage';
const UNIT_ARGS = ['vitest', 'run', '--exclude', 'src/shared/**'];
const UNIT_TITLE = 'Vitest: unit + API tests on SQLite';
const PG_TITLE = 'Vitest: data-layer + API tests on PostgreSQL';

async function runPg(background: boolean): Promise<boolean> {
  if (!postgresAvailable()) {
    console.log(SKIP_PG);
    return true;
  }
  const cluster: Cluster = await startCluster();
  try {
    const env = { SEURA_TEST_DB: 'postgres', SEURA_TEST_PG_URL: cluster.url };
    if (!background) return npx(['vitest', 'run'], env);
    const bg = inBackground(['vitest', 'run', '--maxWorkers', '1'], env);
    // Awaited here: the cluster must outlive the suite (finally stops it).
    return await report(PG_TITLE, bg);
  } finally {
    cluster.stop();
  }
}

/** Waits for a background suite and prints its output: the whole of it when it failed, the summary otherwise. */
const reports: string[] = [];
async function report(title: string, bg: { done: Promise<boolean>; log: string }): Promise<boolean> {
  const ok = await bg.done;
  const text = fs.readFileSync(bg.log, 'utf8');
  reports.push(`\n━━ ${title} (beside the journeys) ━━\n${ok ? text.split('\n').filter((l) => /Test Files|Tests |Duration|Coverage|ERROR/.test(l)).join('\n') : text}\n${ok ? '✓' : '✗'} ${title}`);
  return ok;
}

const steps: Step[] = [
  { name: 'typecheck', title: 'TypeScript (tsc --noEmit)', run: () => npxAsync(['tsc', '--noEmit', '-p', 'tsconfig.json']) },
  { name: 'lint', title: 'ESLint', run: () => npxAsync(['eslint', '.', '--max-warnings', '0']) },
  { name: 'unit', title: `${SHARED_TITLE}; ${UNIT_TITLE}`, run: () => npx(SHARED_ARGS) && npx(UNIT_ARGS) },
  { name: 'pg', title: PG_TITLE, run: () => runPg(false) },
  // The bundle guard belongs to the build: a route over its gzipped-JS budget fails it (scripts/bundle-sizes.ts).
  {
    name: 'build',
    title: 'Production build of the web app and its bundle budget',
    run: () => npx(['vite', 'build', '--logLevel', 'warn']) && sh('node', ['--import', 'tsx', 'scripts/bundle-sizes.ts']),
  },
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
const elapsed = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
function fail(title: string): never {
  console.error(`\n✗ ${title} epäonnistui.`);
  process.exit(1);
}

// Typecheck and lint side by side (their output may interleave; each names its files).
const checks = steps.filter((s) => (s.name === 'typecheck' || s.name === 'lint') && want(s.name));
if (checks.length > 0) {
  const t0 = Date.now();
  console.log(`\n━━ ${checks.map((s) => s.title).join(' + ')} ━━`);
  const results = await Promise.all(checks.map(async (s) => ({ s, ok: await s.run() })));
  for (const { s, ok } of results) if (!ok) fail(s.title);
  console.log(`✓ ${checks.map((s) => s.title).join(' + ')} (${elapsed(t0)})`);
}

// With the journeys wanted, the Vitest suites go beside them; otherwise in the foreground.
const beside = want('e2e') && want('build');
const besideSteps = beside ? steps.filter((s) => (s.name === 'unit' || s.name === 'pg') && want(s.name)) : [];
for (const step of steps) {
  if (step.name === 'typecheck' || step.name === 'lint' || !want(step.name) || besideSteps.includes(step)) continue;
  let background: Promise<boolean> | null = null;
  if (step.name === 'e2e' && besideSteps.length > 0) {
    // SQLite first, then PostgreSQL, one worker each, while the journeys run.
    background = (async () => {
      let ok = true;
      if (besideSteps.some((s) => s.name === 'unit')) {
        ok = (await report(SHARED_TITLE, inBackground([...SHARED_ARGS, '--maxWorkers', '1']))) && (await report(UNIT_TITLE, inBackground([...UNIT_ARGS, '--maxWorkers', '1'])));
      }
      if (ok && besideSteps.some((s) => s.name === 'pg')) ok = await runPg(true);
      return ok;
    })();
  }
  const t0 = Date.now();
  console.log(`\n━━ ${step.title}${background ? ` (beside it: ${besideSteps.map((s) => s.title).join(', then ')})` : ''} ━━`);
  const ok = await step.run();
  if (background) {
    const t1 = Date.now();
    const bgOk = await background;
    console.log(reports.join('\n'));
    console.log(`(the suites beside the journeys finished ${elapsed(t1)} after them)`);
    if (!bgOk) fail([SHARED_TITLE, UNIT_TITLE, PG_TITLE].find((title) => reports.some((r) => r.includes(`✗ ${title}`))) ?? PG_TITLE);
  }
  if (!ok) fail(step.title);
  console.log(`✓ ${step.title} (${elapsed(t0)})`);
}
console.log(`\nKaikki testit läpi (${elapsed(started)}).`);
