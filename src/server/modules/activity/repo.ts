import type { Db } from '../../db/kysely';

/** One changed value in a log entry (spec §3 "Log entry": field, old, new). */
export interface LogDatum {
  field: string;
  /** The field's label when the entry was written (member data; issue 21 point 17). */
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

// Append-only: the application has no update or delete path for log rows.
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
