import { expect, test } from '@playwright/test';
import { e2eBaseUrl, e2eDataDir } from './helpers/server';

// Each worker must talk to its own server (playwright.config.ts): were the config's baseURL
// the runner's in every worker, two journeys would share one server and one database.

test("a worker's journeys go to its own server and read its own data directory", async ({ request, baseURL }, info) => {
  expect(baseURL).toBe(e2eBaseUrl(info.parallelIndex));
  expect(e2eDataDir()).toBe(e2eDataDir(info.parallelIndex));
  expect((await request.get('/api/1/health')).ok()).toBe(true);
});
