import { sql } from 'kysely';
import type { Db } from '../../db/kysely';

// The SQL of the batch list ("Viimeisimmät muutokset") and of one batch's state.

export type BatchRow = {
  id: string;
  kind: string;
  summary: string;
  member_count: number;
  created_at: string;
  undone_at: string | null;
  author_id: number | null;
  author_firstname: string | null;
  author_lastname: string | null;
};

function baseQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('batches as b')
    .leftJoin('members as a', (j) => j.onRef('a.tenant_id', '=', 'b.tenant_id').onRef('a.id', '=', 'b.author_id'))
    .where('b.tenant_id', '=', tenantId)
    .select(['b.id', 'b.kind', 'b.summary', 'b.member_count', 'b.created_at', 'b.undone_at', 'b.author_id', 'a.firstname as author_firstname', 'a.lastname as author_lastname']);
}

/** A page of batches, newest first. */
export function page(db: Db, tenantId: number, limit: number, offset: number): Promise<BatchRow[]> {
  return baseQuery(db, tenantId).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).offset(offset).execute();
}

export async function count(db: Db, tenantId: number): Promise<number> {
  const r = await db.selectFrom('batches').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export function one(db: Db, tenantId: number, batchId: string): Promise<BatchRow | undefined> {
  return baseQuery(db, tenantId).where('b.id', '=', batchId).executeTakeFirst();
}

/** The first log line of each batch (the change itself, not its undo). */
export function firstLogIds(db: Db, tenantId: number, ids: string[]) {
  return db
    .selectFrom('activity_log')
    .select(['batch_id', (eb) => eb.fn.min('id').as('id')])
    .where('tenant_id', '=', tenantId)
    .where('batch_id', 'in', ids)
    .where('event', '<>', 'batch_undone')
    .groupBy('batch_id')
    .execute();
}

/** Who undid each batch (from the undo's log line). */
export function undoLines(db: Db, tenantId: number, ids: string[]) {
  return db
    .selectFrom('activity_log as l')
    .leftJoin('members as a', (j) => j.onRef('a.tenant_id', '=', 'l.tenant_id').onRef('a.id', '=', 'l.author_id'))
    .select(['l.batch_id', 'l.author_id', 'a.firstname', 'a.lastname'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.batch_id', 'in', ids)
    .where('l.event', '=', 'batch_undone')
    .execute();
}

/** The batches that still pin members (undo has something to work on). */
export async function withPins(db: Db, tenantId: number, ids: string[]): Promise<Set<string>> {
  const r = await sql<{ batch_id: string }>`select distinct batch_id from batch_values where tenant_id = ${tenantId} and kind = 'member' and batch_id in (${sql.join(ids)})`.execute(db);
  return new Set(r.rows.map((x) => x.batch_id));
}

export function importFilenames(db: Db, tenantId: number, ids: string[]) {
  return db.selectFrom('imports').select(['batch_id', 'filename']).where('tenant_id', '=', tenantId).where('batch_id', 'in', ids).execute();
}
