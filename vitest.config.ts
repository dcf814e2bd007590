import { defineConfig } from 'vitest/config';

// One Vitest config for unit and API tests. `SEURA_TEST_DB=postgres` reruns the
// data-layer and API suites against PostgreSQL (see scripts/test.ts): every test that opens a
// database is an `*.api.test.ts` or lives in src/server/db/ (pg-suite.test.ts checks it), so
// pure unit tests run once.
const onPostgres = process.env.SEURA_TEST_DB === 'postgres';
export const PG_SUITE = ['src/server/**/*.api.test.ts', 'src/server/db/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    include: onPostgres ? PG_SUITE : ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // A cap for a hung test, not a speed goal (those live in bench/): beside the journeys, at a
    // lower priority, a PDF or a child process can take several times its idle time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the server anew for each of 235
    // files took 450 of the suite's 850 s. Tests therefore leave shared state as they found
    // it (the UI language, module caches keyed by database handle).
    isolate: false,
    coverage: {
      provider: 'v8',
      // The shared rules (the Finnish ones held to 95 %), measured by their own tests
      // (`vitest run --coverage src/shared`, scripts/test.ts): measuring the whole server too cost
      // about a minute of every run, and collecting it over every test a quarter of the suite.
      include: ['src/shared/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: {
        'src/shared/finnish/**': { lines: 95 },
      },
    },
  },
});
