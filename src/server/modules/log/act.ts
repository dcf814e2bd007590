import type { Db } from '../../db/kysely';
import { iso, type Clock } from '../../lib/clock';
import type { LogEvent } from '../../../shared/constants';
import { append, type LogDatum } from './repo';

/** The log line of an action, filled in by the action as it learns what it changed. */
export interface LogLine {
  /** What the line is about: `member:12`, `fields:shirt_size`, `members`… */
  context: string;
  data: LogDatum[];
  batchId: string | null;
  /** Set false when the action turned out to change nothing worth a line. */
  write: boolean;
}

/** The moment of the action (ISO UTC), the same for its rows and its log line. */
export type ActFn<T> = (trx: Db, line: LogLine, at: string) => Promise<T>;

/**
 * One user action: runs `fn` in one transaction and appends its log line in the same
 * transaction, so a change and its audit line are saved together or not at all.
 * `act(deps, tenant, me, 'group_created', async (trx, line, at) => { … line.context = … })`.
 */
export async function act<T>(
  deps: { db: Db; clock: Clock },
  tenant: { id: number },
  me: { id: number } | null,
  event: LogEvent,
  fn: ActFn<T>,
): Promise<T> {
  const at = iso(deps.clock.now());
  return deps.db.transaction().execute(async (trx) => {
    const line: LogLine = { context: '', data: [], batchId: null, write: true };
    const result = await fn(trx, line, at);
    if (line.write) await append(trx, tenant.id, { event, context: line.context, data: line.data, authorId: me?.id ?? null, batchId: line.batchId, at });
    return result;
  });
}
