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
// SQLite first, then PostgreSQL in parts, one at a time while the journeys run and two at a
// time after them, with their output after the journeys'.

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

async function runPg(): Promise<boolean> {
  if (!postgresAvailable()) {
    console.log(SKIP_PG);
    return true;
  }
  const cluster: Cluster = await startCluster();
  try {
    return npx(['vitest', 'run'], { SEURA_TEST_DB: 'postgres', SEURA_TEST_PG_URL: cluster.url });
  } finally {
    cluster.stop();
  }
}

/**
 * Runs jobs in the order given, at most `width` at a time; `widen` lets more run. Beside the
 * journeys one suite runs at a time; after them the rest use both cores.
 */
class Lanes {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private width: number) {}
  async run<T>(job: () => Promise<T>): Promise<T> {
    while (this.busy >= this.width) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy += 1;
    try {
      return await job();
    } finally {
      this.busy -= 1;
      this.wake();
    }
  }
  widen(width: number): void {
    this.width = width;
    this.wake();
  }
  private wake(): void {
    for (let free = this.width - this.busy; free > 0 && this.waiting.length > 0; free -= 1) this.waiting.shift()!();
  }
}

// The PostgreSQL suite beside the journeys runs in parts: whatever is left of it when the
// journeys end then runs on both cores instead of one (it had run 130 s alone on one).
const PG_PARTS = 3;

/** The suites beside the journeys: SQLite first, then PostgreSQL in parts, one worker each, stopping at the first failure. */
function besideJourneys(lanes: Lanes, unit: boolean, pgWanted: boolean): Promise<boolean> {
  let failed = false;
  const job = (title: string, args: string[], env: Record<string, string> = {}) =>
    lanes.run(async () => {
      if (failed) return false;
      const ok = await report(title, inBackground([...args, '--maxWorkers', '1'], env));
      if (!ok) failed = true;
      return ok;
    });
  const jobs: Promise<boolean>[] = [];
  if (unit) jobs.push(job(SHARED_TITLE, SHARED_ARGS), job(UNIT_TITLE, UNIT_ARGS));
  if (pgWanted && !postgresAvailable()) console.log(SKIP_PG);
  else if (pgWanted) {
    // Started now, stopped when every part is done: the parts share one throwaway cluster.
    const cluster = startCluster();
    const parts = Array.from({ length: PG_PARTS }, (_, i) =>
      cluster.then((c) => job(`${PG_TITLE} (${i + 1}/${PG_PARTS})`, ['vitest', 'run', '--shard', `${i + 1}/${PG_PARTS}`], { SEURA_TEST_DB: 'postgres', SEURA_TEST_PG_URL: c.url })),
    );
    jobs.push(
      Promise.all(parts)
        .then((oks) => oks.every(Boolean))
        .catch((error: unknown) => {
          console.error(error);
          return false;
        })
        .finally(() => void cluster.then((c) => c.stop(), () => undefined)),
    );
  }
  return Promise.all(jobs).then((oks) => oks.every(Boolean));
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
  { name: 'pg', title: PG_TITLE, run: runPg },
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
  const lanes = step.name === 'e2e' && besideSteps.length > 0 ? new Lanes(1) : null;
  const background = lanes ? besideJourneys(lanes, besideSteps.some((s) => s.name === 'unit'), besideSteps.some((s) => s.name === 'pg')) : null;
  const t0 = Date.now();
  console.log(`\n━━ ${step.title}${background ? ` (beside it: ${besideSteps.map((s) => s.title).join(', then ')})` : ''} ━━`);
  const ok = await step.run();
  if (lanes && background) {
    lanes.widen(2);
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
