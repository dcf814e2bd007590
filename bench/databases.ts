import { postgresAvailable, startCluster } from '../scripts/pg-cluster';

type Run = (label: string, env: NodeJS.ProcessEnv) => Promise<void>;

/**
 * Runs one bench on the embedded SQLite, then on a throwaway PostgreSQL cluster when asked
 * (BENCH_PG=1: seeding 100 000 members there takes minutes; BENCH_ONLY_PG=1 skips SQLite).
 */
export async function onEachDatabase(run: Run): Promise<void> {
  if (process.env.BENCH_ONLY_PG !== '1') await run('SQLite', { ...process.env, DATABASE_URL: '' });
  if (!postgresAvailable() || process.env.BENCH_PG !== '1') return;
  const cluster = await startCluster();
  try {
    await run('PostgreSQL', { ...process.env, DATABASE_URL: cluster.url });
  } finally {
    cluster.stop();
  }
}
