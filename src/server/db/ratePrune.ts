import type { Db } from './kysely';
import type { RateTable } from './rateCounts';

/** Deletes counter rows of every association older than `before` (so old rate-limit rows do not pile up). */
export async function pruneRateRows(db: Db, before: string): Promise<void> {
  for (const table of ['rate_events', 'login_failures'] satisfies RateTable[]) {
    await db.deleteFrom(table).where('at', '<', before).execute();
  }
}
