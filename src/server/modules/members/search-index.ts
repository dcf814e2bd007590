import type { Db, Dialect } from '../../db/kysely';
import { inBackground, isClosing } from '../../db/background';
import * as repo from './search-index-repo';

// Quick search's index brought up to date after a large bulk edit or undo commits, in short
// transactions, instead of inside it: SQLite's FTS5 entries (members_fts, migration 034) and
// PostgreSQL's copies of the texts under their trigram index (member_search, migration 035).
// Until an association's pending members are caught up its quick search reads the texts
// themselves (list-repo.ts), so no search ever answers from an index older than the texts.

/**
 * `from`: a statement changing at least this many texts leaves their index for later (SQLite
 * about 40 µs a text: 2 000 make 80 ms). `chunk`: members caught up per transaction and
 * `mergePages`: SQLite's index pages merged per step, so other requests wait about 50 ms at
 * most between two (timed at 100 000 members). An object so tests can make them small.
 */
export const FTS_LATER = { from: 2_000, chunk: 1_000, mergePages: 100 };

export { deferIndex, undeferIndex, hasPending } from './search-index-repo';

const pause = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Every pending member caught up, a chunk at a time, then the segments that made merged in
 * steps, letting other work run between them.
 */
export async function catchUp(db: Db, dialect: Dialect): Promise<number> {
  if (isClosing(db)) return 0;
  // Most calls find nothing to do: answered without a write.
  if (!(await repo.hasPending(db, dialect))) return 0;
  let total = 0;
  for (;;) {
    const n = dialect === 'postgres' ? await repo.catchUpChunkPg(db, FTS_LATER.chunk) : await repo.catchUpChunkSqlite(db, FTS_LATER.chunk);
    total += n;
    // PostgreSQL's chunks are one association's members each: it stops when none is left.
    if ((dialect === 'postgres' ? n === 0 : n < FTS_LATER.chunk) || isClosing(db)) break;
    await pause();
    if (dialect === 'postgres') continue;
    // One step per chunk keeps the number of segments down while a long catching up goes on.
    await repo.mergeStep(db, FTS_LATER.mergePages);
    await pause();
  }
  if (dialect === 'sqlite') while (!isClosing(db) && (await repo.mergeStep(db, FTS_LATER.mergePages))) await pause();
  return total;
}

const running = new WeakMap<Db, Promise<number>>();
/** Databases asked to catch up while a run was ending: it goes round once more. */
const again = new WeakSet<Db>();

/**
 * Starts catchUp unless it is already running for this database, in which case that run goes
 * round once more (members a statement committed as it ended are not left waiting); the
 * caller does not wait. Called after a deferring statement commits, by quick search when it
 * finds pending members (left by a stopped server) and at start. Failures are logged and
 * retried on the next call.
 */
export function catchUpSoon(db: Db, dialect: Dialect, log: (msg: string) => void = (m) => console.warn(m)): Promise<number> {
  const now = running.get(db);
  if (now) {
    again.add(db);
    return now;
  }
  const rounds = async () => {
    let total = 0;
    do {
      again.delete(db);
      total += await catchUp(db, dialect);
    } while (again.has(db) && !isClosing(db));
    return total;
  };
  const run = inBackground(db, rounds())
    .catch((e: unknown) => {
      log(`[haku] hakuhakemiston päivitys keskeytyi: ${e instanceof Error ? e.message : String(e)}`);
      return 0;
    })
    .finally(() => running.delete(db));
  running.set(db, run);
  return run;
}
