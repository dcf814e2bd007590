import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/helpers/admin';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/helpers/chromium';

// e2e journeys against a real server process with an empty data directory.
// The server serves the production build from dist/web, so build the web app first.

const PORT = Number(process.env.SEURA_E2E_PORT ?? 3197); // helpers working side by side pick their own
const baseURL = `http://127.0.0.1:${PORT}`;

// The config is evaluated in the runner and again in each worker; the env variable
// keeps them on one directory (workers inherit the runner's environment).
process.env.SEURA_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'seura-e2e-'));
const dataDir = process.env.SEURA_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    // No fades: axe then never measures a notice or modal halfway through one.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${baseURL}/api/1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEURA_ADMIN_EMAIL: E2E_ADMIN.email,
      SEURA_ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every reply the journeys get is checked against its contract.
      SEURA_CHECK_REPLIES: '1',
    },
  },
});
