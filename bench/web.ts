import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/helpers/chromium';
import { openDeps } from '../src/server/bootstrap';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { seed } from '../scripts/seed';
import { DIST_WEB, formatTable, measureBuild, overBudget } from '../scripts/bundle-sizes';
import { BENCH_ADMIN } from './http';
import { percentile } from './stats';

// `npm run bench` (web): the gzipped JavaScript each route loads (scripts/bundle-sizes.ts), and
// how long the login page and the member list take to render from a cold cache on localhost:
// the production build served by a real server process with a throwaway DATA_DIR, each load
// in a fresh browser context (empty cache and storage), timed in the page from navigation start.
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 10);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3917);
const BASE = `http://127.0.0.1:${String(PORT)}`;
const ROOT = path.resolve(import.meta.dirname, '..');
const BUDGET_MS = 1000;

/** A register of MEMBERS members in `dataDir`, made before the server starts on it. */
async function seedRegister(dataDir: string): Promise<void> {
  const { deps, handle } = await openDeps({ DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: 'warn' });
  try {
    const created = (await ensureDefaultTenant(deps))!;
    await seed(deps.db, created.tenant.id, MEMBERS, 1, { fields: true, groups: 20 });
  } finally {
    deps.mailer.close();
    await handle.destroy();
  }
}

/** The server as production runs it (replies not checked against their schemas), on the seeded directory. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEURA_CHECK_REPLIES: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${String(child.exitCode)})`);
    try {
      if ((await fetch(`${BASE}/api/1/health`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Milliseconds from navigation start until `selector` matches an element with a box, checked in
 * the page on every animation frame (performance.now() counts from navigation start) by a few
 * lines added before the page's own scripts, which report the time on the console. Playwright's
 * own wait (`page.waitForFunction`) first puts its injected script, some hundreds of kilobytes,
 * into the page and runs it on the main thread in the middle of the load: 50–130 ms of every
 * figure were the measurement's own.
 */
async function renderedAt(page: Page, url: string, selector: string): Promise<number> {
  const shown = new Promise<number>((resolve) => {
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(SHOWN)) resolve(Number(text.slice(SHOWN.length)));
    });
  });
  // A string, not a function: tsx's names for functions (`__name`) do not exist in the page.
  await page.addInitScript({
    content: `(() => {
      const check = () => {
        const el = document.querySelector(${JSON.stringify(selector)});
        if (el && el.getBoundingClientRect().height > 0) console.debug(${JSON.stringify(SHOWN)} + performance.now());
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })();`,
  });
  await page.goto(url, { waitUntil: 'commit' });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${url}: ${selector} not shown in 30 s`)), 30_000)));
  try {
    return await Promise.race([shown, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
const SHOWN = 'seura-bench-shown ';

/** One cold load in a fresh context; `signIn` first signs the admin in through the API (no page JS is cached by it). */
async function coldLoad(browser: Browser, url: string, selector: string, signIn: boolean): Promise<number> {
  const context = await browser.newContext({ baseURL: BASE, locale: 'fi-FI' });
  try {
    if (signIn) {
      await context.request.get('/api/1/health');
      const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
      const login = await context.request.post('/api/1/session/login', { headers: { 'x-csrftoken': csrf }, data: BENCH_ADMIN });
      if (!login.ok()) throw new Error(`login failed: ${String(login.status())}`);
    }
    return await renderedAt(await context.newPage(), url, selector);
  } finally {
    await context.close();
  }
}

async function p50Of(browser: Browser, url: string, selector: string, signIn: boolean): Promise<{ p50: number; max: number }> {
  await coldLoad(browser, url, selector, signIn); // the server's own first request, not a cold browser's
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) times.push(await coldLoad(browser, url, selector, signIn));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), max: times[times.length - 1] ?? NaN };
}

// The figures are of the current code: build it first.
if (spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
const sizes = measureBuild(DIST_WEB);
console.log('\nVerkkosovellus: JavaScript per reitti (gzip, entry + sivu staattisine tuonteineen)');
console.log(formatTable(sizes));
for (const over of overBudget(sizes)) console.log(`  YLI BUDJETIN: ${over.page}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-web-'));
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  await seedRegister(dataDir);
  server = await startServer(dataDir);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const login = await p50Of(browser, '/@login', 'form input[type="password"]', false);
  const list = await p50Of(browser, '/members', '[data-testid="members-table"] tbody tr[data-member-id]', true);
  console.log(`\nEnsilataus kylmällä välimuistilla (localhost, ${String(LOADS)} latausta, ${String(MEMBERS)} jäsentä), navigoinnin alusta näkyvään:`);
  console.log(`  kirjautumislomake   p50 ${login.p50.toFixed(0)} ms, hitain ${login.max.toFixed(0)} ms   tavoite < ${String(BUDGET_MS)} ms`);
  console.log(`  jäsenlistan rivit   p50 ${list.p50.toFixed(0)} ms, hitain ${list.max.toFixed(0)} ms   tavoite < ${String(BUDGET_MS)} ms`);
} finally {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
