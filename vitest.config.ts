import { defineConfig } from 'vitest/config';

// One Vitest config for unit and API tests. `SEURA_TEST_DB=postgres` reruns the
// data-layer and API suites against PostgreSQL (see scripts/test.ts).
const onPostgres = process.env.SEURA_TEST_DB === 'postgres';

export default defineConfig({
  test: {
    environment: 'node',
    include: onPostgres ? ['src/server/**/*.test.ts'] : ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    coverage: {
      provider: 'v8',
      include: ['src/shared/**/*.ts', 'src/server/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: {
        'src/shared/finnish/**': { lines: 95 },
      },
    },
  },
});
