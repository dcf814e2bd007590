import type { Db } from '../../db/kysely';

// The activity log's SQL: appending a line (user actions go through act() in ./act.ts) and
// the reads of the log page. Every function takes the tenant id first; joins to members
// stay inside the tenant.

export interface LogQuery {
  /** Empty: every event. */
  events: readonly string[];
  /** Inclusive lower bound on `at` (ISO UTC), or null. */
  fromAt: string | null;
  /** Exclusive upper bound on `at` (ISO UTC), or null. */
  beforeAt: string | null;
}

function filtered(db: Db, tenantId: number, q: LogQuery) {
  let query = db.selectFrom('activity_log as l').where('l.tenant_id', '=', tenantId);
  if (q.events.length > 0) query = query.where('l.event', 'in', [...q.events]);
  if (q.fromAt !== null) query = query.where('l.at', '>=', q.fromAt);
  if (q.beforeAt !== null) query = query.where('l.at', '<', q.beforeAt);
  return query;
}

/** Log rows with the author's name (null when there is no author or they were permanently deleted). */
function withAuthor(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('members as a', (j) => j.onRef('a.tenant_id', '=', 'l.tenant_id').onRef('a.id', '=', 'l.author_id'))
    .select(['l.id', 'l.at', 'l.event', 'l.context', 'l.data', 'l.author_id', 'l.batch_id', 'a.firstname as author_firstname', 'a.lastname as author_lastname']);
}

export type LogRow = Awaited<ReturnType<typeof page>>[number];

/** One page, newest first (ties by id, so paging is stable). */
export function page(db: Db, tenantId: number, q: LogQuery, limit: number, offset: number) {
  return withAuthor(filtered(db, tenantId, q)).orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(limit).offset(offset).execute();
}

export async function count(db: Db, tenantId: number, q: LogQuery): Promise<number> {
  const row = await filtered(db, tenantId, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findById(db: Db, tenantId: number, id: number): Promise<LogRow | undefined> {
  return withAuthor(filtered(db, tenantId, { events: [], fromAt: null, beforeAt: null }))
    .where('l.id', '=', id)
    .executeTakeFirst();
}

/** Names of the members with these ids (any state); ids of other tenants simply are not found. */
export function memberNames(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('members').select(['id', 'firstname', 'lastname']).where('tenant_id', '=', tenantId).where('id', 'in', [...ids]).execute();
}

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
// the rows that name them (./erase-repo.ts, members/erase-repo.ts). Nothing else updates or deletes
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
