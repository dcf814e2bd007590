import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/helpers/admin';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/helpers/chromium';
import { E2E_WORKERS, e2eBaseUrl, e2eDataDir, e2ePort } from './e2e/helpers/server';

// e2e journeys against real server processes with empty data directories: one server per
// worker (helpers/server.ts), so each serves one journey at a time as a single one did. The
// journeys wait on the browser and the server more than they compute, so two workers share
// two cores well. The servers serve the production build from dist/web: build it first.

// The config is evaluated in the runner and again in each worker; the env variable
// keeps them on one directory (workers inherit the runner's environment).
process.env.SEURA_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'seura-e2e-'));
const slots = Array.from({ length: E2E_WORKERS }, (_, slot) => slot);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  // A journey's own cap; its steps wait at most `expect.timeout`. Journeys with five axe checks
  // took 35 s on a loaded 2-core machine (the suites run beside them), so 60 s, not 30.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    // In a worker, its own server's.
    baseURL: e2eBaseUrl(),
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    // No fades: axe then never measures a notice or modal halfway through one.
    reducedMotion: 'reduce',
    // A failed journey keeps its trace: each action with the page's DOM before and after it.
    // Without the screencast of every frame, which cost a third of the journeys' time and CPU
    // (two spec files on one worker: 144 s with it, 109 s without, 105 s with no trace at all).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: slots.map((slot) => ({
    command: 'node --import tsx src/server/main.ts',
    url: `${e2eBaseUrl(slot)}/api/1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(e2ePort(slot)),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir(slot),
      SEURA_ADMIN_EMAIL: E2E_ADMIN.email,
      SEURA_ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every reply the journeys get is checked against its contract.
      SEURA_CHECK_REPLIES: '1',
    },
  })),
});
