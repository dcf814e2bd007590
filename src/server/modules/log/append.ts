import type { Db } from '../../db/kysely';

/** One changed value in a log entry: the field, its old and its new value. */
export interface LogDatum {
  field: string;
  /** The field's label when the entry was written (member data), so renaming a field later does not rewrite history. */
  label?: string;
  old?: unknown;
  new?: unknown;
}

export interface LogEntry {
  event: string;
  context?: string;
  data?: LogDatum[];
  authorId: number | null;
  batchId?: string | null;
  at: string;
}

// The log is append-only with one exception: erasing a person (GDPR) empties or rewrites
// the rows that name them (./scrub.ts, members/erase.ts). Nothing else updates or deletes
// log rows. A user action writes its line through act() (./act.ts), in the same transaction.
export async function append(db: Db, tenantId: number, e: LogEntry): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      tenant_id: tenantId,
      at: e.at,
      event: e.event,
      context: e.context ?? '',
      data: JSON.stringify(e.data ?? []),
      author_id: e.authorId,
      batch_id: e.batchId ?? null,
    })
    .execute();
}

export function latest(db: Db, tenantId: number, limit: number) {
  return db
    .selectFrom('activity_log')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
