import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/kysely';

// The retention job's SQL: the day's claim, and who is due.

/** Email still going out to a member holds their erase back (as a hand-made delete is refused). */
const outgoingEmail = (tenantId: number) =>
  sql`exists (select 1 from deliveries d where d.tenant_id = ${tenantId} and d.member_id = m.id and d.medium = 'email' and d.status in ('held', 'queued', 'sending'))`;

/**
 * Claims the association's day for `job`: true when this process inserted the row. The
 * primary key (tenant_id, job, day) turns a second process's insert into a no-op.
 */
export async function claimDay(db: Db, tenantId: number, job: string, day: string, at: string): Promise<boolean> {
  const r = await db
    .insertInto('job_runs')
    .values({ tenant_id: tenantId, job, day, started_at: at, finished_at: null, result: null })
    .onConflict((oc) => oc.columns(['tenant_id', 'job', 'day']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function finishDay(db: Db, tenantId: number, job: string, day: string, at: string, result: unknown): Promise<void> {
  await db.updateTable('job_runs').set({ finished_at: at, result: JSON.stringify(result) }).where('tenant_id', '=', tenantId).where('job', '=', job).where('day', '=', day).execute();
}

export function lastRun(db: Db, tenantId: number, job: string) {
  return db.selectFrom('job_runs').select(['day', 'started_at', 'finished_at', 'result']).where('tenant_id', '=', tenantId).where('job', '=', job).orderBy('day', 'desc').limit(1).executeTakeFirst();
}

/** Associations whose retention settings are on (a non-zero value). */
export async function tenantsWithRetention(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('settings')
    .select('tenant_id')
    .distinct()
    .where('key', 'in', ['retention_removed_months', 'retention_inactive_years'])
    .where('value', '<>', '0')
    .execute();
  return rows.map((r) => r.tenant_id);
}

const removedBefore = (tenantId: number, cutoff: string): RawBuilder<unknown> => sql`m.tenant_id = ${tenantId} and m.deleted_at is not null and m.deleted_at <= ${cutoff}`;

/** Removed members past the cutoff that may be erased now (no email still going out). */
export async function removedDueIds(db: Db, tenantId: number, cutoff: string): Promise<number[]> {
  const r = await sql<{ id: number }>`select m.id from members m where ${removedBefore(tenantId, cutoff)} and not ${outgoingEmail(tenantId)} order by m.id`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Removed members past the cutoff held back by email still going out. */
export async function removedHeldCount(db: Db, tenantId: number, cutoff: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from members m where ${removedBefore(tenantId, cutoff)} and ${outgoingEmail(tenantId)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function removedCount(db: Db, tenantId: number, cutoff: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from members m where ${removedBefore(tenantId, cutoff)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * "Inactive since": the latest history entry that changed `active`, else the row's
 * updated_at. Live members inactive since before the cutoff, oldest first.
 */
const inactiveSince = (tenantId: number) =>
  sql<string>`coalesce((select max(h.at) from member_history h where h.tenant_id = ${tenantId} and h.member_id = m.id and h.data like ${'%"field":"active"%'}), m.updated_at)`;

export async function inactiveForReview(db: Db, tenantId: number, cutoff: string, limit: number) {
  const r = await sql<{ id: number; firstname: string; lastname: string; since: string }>`select * from (
      select m.id, m.firstname, m.lastname, ${inactiveSince(tenantId)} as since from members m
      where m.tenant_id = ${tenantId} and m.deleted_at is null and m.active = 0
    ) x where x.since <= ${cutoff} order by x.since, x.id limit ${limit}`.execute(db);
  return r.rows;
}

export async function inactiveForReviewCount(db: Db, tenantId: number, cutoff: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from (
      select ${inactiveSince(tenantId)} as since from members m
      where m.tenant_id = ${tenantId} and m.deleted_at is null and m.active = 0
    ) x where x.since <= ${cutoff}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
