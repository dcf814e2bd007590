import path from 'node:path';

// The journeys run on SEURA_E2E_WORKERS workers side by side, each against its own server
// with its own DATA_DIR (playwright.config.ts), so a journey still meets one server that runs
// one journey at a time: its worker's. Playwright tells a worker its slot (0, 1, …) in
// TEST_PARALLEL_INDEX, and a worker started again after a failure takes over the same slot.

export const E2E_WORKERS = Math.max(1, Number(process.env.SEURA_E2E_WORKERS ?? 2));
/** Helpers working side by side pick their own. */
export const E2E_BASE_PORT = Number(process.env.SEURA_E2E_PORT ?? 3197);
/** This worker's slot; the runner, which evaluates the config too, is slot 0. */
export const E2E_SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const e2ePort = (slot = E2E_SLOT): number => E2E_BASE_PORT + slot;
export const e2eBaseUrl = (slot = E2E_SLOT): string => `http://127.0.0.1:${String(e2ePort(slot))}`;
/** The server's DATA_DIR: its SQLite file and its outbox of mails, SMS and letters. */
export const e2eDataDir = (slot = E2E_SLOT): string => path.join(process.env.SEURA_E2E_DATA_DIR ?? '', `server-${String(slot)}`);
