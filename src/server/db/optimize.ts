import { sql } from 'kysely';
import type { Db, Dialect } from './kysely';

// SQLite plans queries from statistics it only gathers when asked. Without them a register
// that grew from a few members to 100 000 keeps plans made for a small table: the member
// list's filtered page walked every live member through the name-order index (40 ms)
// instead of starting from the filter's values (18 ms). `PRAGMA optimize` analyzes only the
// tables whose size changed a lot, so it is cheap to run at start and hourly. PostgreSQL's
// autovacuum keeps its statistics itself.

const EVERY_MS = 60 * 60 * 1000;

/** Refreshes SQLite's planner statistics where they are missing or stale. */
export async function optimizeSqlite(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  // 0x10002: consider every table, not only those this connection has used.
  await sql`pragma optimize=0x10002`.execute(db);
}

/** Runs optimizeSqlite now and hourly; returns the stop function. Failures are logged, never fatal. */
export function startSqliteOptimize(db: Db, dialect: Dialect, log: (msg: string) => void = (m) => console.warn(m)): () => void {
  if (dialect !== 'sqlite') return () => {};
  const run = () => void optimizeSqlite(db, dialect).catch((e: unknown) => log(`[tietokanta] tilastojen päivitys epäonnistui: ${e instanceof Error ? e.message : String(e)}`));
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
