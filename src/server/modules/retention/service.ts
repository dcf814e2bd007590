import type { Deps } from '../../deps';
import { iso } from '../../lib/clock';
import * as settingsRepo from '../settings/repo';
import * as tenants from '../tenants/repo';
import { eraseMembers } from '../members/delete-permanently';
import { helsinkiDate } from '../receipts/dates';
import * as repo from './repo';
import { retentionReply } from './settings';

// What the retention settings say, done once a day per association (jobs/retention.ts),
// and what is due (the dashboard panel, GET settings/retention_due).

export const RETENTION_JOB = 'retention';
/** "Due soon" on the dashboard: removed members erased within this many days. */
export const DUE_SOON_DAYS = 30;
/** How many members the review list shows at most. */
export const REVIEW_LIST_MAX = 500;

export interface RetentionRunResult {
  erased: number;
  /** Past the setting but email to them is still going out: tried again the next day. */
  held: number;
  /** Inactive members to review. */
  review: number;
}

/** `at` moved back by whole calendar months (UTC; a day's difference does not matter here). */
export function monthsBefore(at: Date, months: number): string {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return iso(d);
}

/** The association's retention run for today, if no process has claimed it yet; null when not run here. */
export async function runRetentionFor(deps: Deps, tenantId: number): Promise<RetentionRunResult | null> {
  const now = deps.clock.now();
  const day = helsinkiDate(iso(now));
  let claimed: boolean;
  try {
    claimed = await repo.claimDay(deps.db, tenantId, RETENTION_JOB, day, iso(now));
  } catch (e) {
    // SQLite busy (another process writing): the hourly check tries again.
    if (e instanceof Error && /SQLITE_BUSY|database is locked/i.test(e.message)) return null;
    throw e;
  }
  if (!claimed) return null;
  const tenant = await tenants.findById(deps.db, tenantId);
  if (!tenant) return null;
  const settings = retentionReply(await settingsRepo.getAll(deps.db, tenantId));
  const result: RetentionRunResult = { erased: 0, held: 0, review: 0 };
  try {
    if (settings.retention_removed_months > 0) {
      const cutoff = monthsBefore(now, settings.retention_removed_months);
      const ids = await repo.removedDueIds(deps.db, tenantId, cutoff);
      result.held = await repo.removedHeldCount(deps.db, tenantId, cutoff);
      // The same erase as a hand-made permanent delete (files, pseudonyms), by the system.
      if (ids.length > 0) result.erased = (await eraseMembers(deps, tenant, null, ids, { event: 'retention_members_erased' })).count;
    }
    if (settings.retention_inactive_years > 0) {
      result.review = await repo.inactiveForReviewCount(deps.db, tenantId, monthsBefore(now, 12 * settings.retention_inactive_years));
    }
  } catch (e) {
    await repo.finishDay(deps.db, tenantId, RETENTION_JOB, day, iso(deps.clock.now()), { ...result, error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
  await repo.finishDay(deps.db, tenantId, RETENTION_JOB, day, iso(deps.clock.now()), result);
  return result;
}

/** Every association with retention on: today's run where nobody has done it yet. */
export async function runRetentionDue(deps: Deps, log: (msg: string) => void = () => {}): Promise<number> {
  let ran = 0;
  for (const tenantId of await repo.tenantsWithRetention(deps.db)) {
    try {
      if (await runRetentionFor(deps, tenantId)) ran += 1;
    } catch (e) {
      log(`[säilytys] yhdistyksen ${String(tenantId)} ajo epäonnistui: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return ran;
}

export interface RetentionDue {
  removed_months: number;
  inactive_years: number;
  /** Removed members the next run erases (held ones included). */
  removed_due_now: number;
  /** Removed members whose time comes within DUE_SOON_DAYS (now included). */
  removed_due_soon: number;
  /** Of those due now, held back by email still going out. */
  removed_held: number;
  inactive_review: number;
  last_run: { day: string; started_at: string; finished_at: string | null; result: Record<string, unknown> | null } | null;
}

export async function retentionDue(deps: Deps, tenantId: number): Promise<RetentionDue> {
  const now = deps.clock.now();
  const s = retentionReply(await settingsRepo.getAll(deps.db, tenantId));
  const out: RetentionDue = {
    removed_months: s.retention_removed_months,
    inactive_years: s.retention_inactive_years,
    removed_due_now: 0,
    removed_due_soon: 0,
    removed_held: 0,
    inactive_review: 0,
    last_run: null,
  };
  if (s.retention_removed_months > 0) {
    const cutoff = monthsBefore(now, s.retention_removed_months);
    out.removed_due_now = await repo.removedCount(deps.db, tenantId, cutoff);
    out.removed_held = await repo.removedHeldCount(deps.db, tenantId, cutoff);
    const soon = new Date(now.getTime() + DUE_SOON_DAYS * 86_400_000);
    out.removed_due_soon = await repo.removedCount(deps.db, tenantId, monthsBefore(soon, s.retention_removed_months));
  }
  if (s.retention_inactive_years > 0) out.inactive_review = await repo.inactiveForReviewCount(deps.db, tenantId, monthsBefore(now, 12 * s.retention_inactive_years));
  const last = await repo.lastRun(deps.db, tenantId, RETENTION_JOB);
  if (last) out.last_run = { ...last, result: last.result ? (JSON.parse(last.result) as Record<string, unknown>) : null };
  return out;
}

/** The inactive members to review, oldest first (GET settings/retention_review). */
export async function retentionReview(deps: Deps, tenantId: number) {
  const s = retentionReply(await settingsRepo.getAll(deps.db, tenantId));
  if (s.retention_inactive_years === 0) return { inactive_years: 0, members: [] };
  const members = await repo.inactiveForReview(deps.db, tenantId, monthsBefore(deps.clock.now(), 12 * s.retention_inactive_years), REVIEW_LIST_MAX);
  return { inactive_years: s.retention_inactive_years, members };
}
