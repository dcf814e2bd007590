import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { postgresAvailable, startCluster } from './pg-cluster';

// `npm test`: every suite in order, stopping at the first failure.
// `npm test -- unit pg` runs only the named steps.

const CHROMIUM = '/usr/bin/chromium';
type Step = { name: string; title: string; run: () => Promise<boolean> | boolean };

function sh(cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}
const npx = (args: string[], env?: Record<string, string>) => sh('npx', ['--no-install', ...args], env);

function ensureChromium(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} puuttuu: asenna Debianin chromium-paketti (apt-get install -y chromium).`);
    return false;
  }
  console.log('Asennetaan chromium (apt-get)…');
  return sh('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
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
  { name: 'e2e', title: 'Playwright e2e journeys in Chromium', run: () => ensureChromium() && npx(['playwright', 'test']) },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !steps.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`Tuntematon vaihe: ${unknown.join(', ')}. Vaiheet: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const started = Date.now();
for (const step of steps) {
  if (wanted.length > 0 && !wanted.includes(step.name)) continue;
  const t0 = Date.now();
  console.log(`\n━━ ${step.title} ━━`);
  if (!(await step.run())) {
    console.error(`\n✗ ${step.title} epäonnistui.`);
    process.exit(1);
  }
  console.log(`✓ ${step.title} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log(`\nKaikki testit läpi (${((Date.now() - started) / 1000).toFixed(0)} s).`);
