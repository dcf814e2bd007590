import type { Deps } from '../deps';
import { countSince, lockCounter, recordAt } from '../db/rateCounts';
import { pruneRateRows } from '../db/ratePrune';
import { RATE_RETENTION_MS, RATE_WINDOW_MS } from '../../shared/constants';
import { iso } from './clock';
import { RateLimited } from './errors';

// Per-member, per-IP and per-association limits on what costs the server (mail sent on a
// member's behalf, applications, uploads), counted in rate_events.

export interface RateRule {
  kind: string;
  key: string;
  max: number;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrune = 0;

/**
 * Refuses with a 429 (`messageKey`) when any rule has reached its max within the hour; otherwise counts one event for each.
 * Counting and recording happen in one transaction that holds the counters' lock (SQLite: the
 * single writer; PostgreSQL: an advisory lock per counter, taken in rule order), so parallel
 * requests can never together pass a limit.
 */
export async function takeRate(deps: Deps, tenantId: number, rules: RateRule[], messageKey: string): Promise<void> {
  const now = deps.clock.now();
  const since = iso(new Date(now.getTime() - RATE_WINDOW_MS));
  await deps.db.transaction().execute(async (trx) => {
    for (const r of rules) {
      await lockCounter(trx, 'rate_events', tenantId, r.kind, r.key);
      if ((await countSince(trx, 'rate_events', tenantId, r.kind, r.key, since)) >= r.max) throw new RateLimited(messageKey);
    }
    for (const r of rules) await recordAt(trx, 'rate_events', tenantId, r.kind, r.key, iso(now));
  });
  await pruneOldRateRows(deps);
}

/** Opportunistic pruning, at most every ten minutes per process (and at start-up). */
export async function pruneOldRateRows(deps: Pick<Deps, 'db' | 'clock'>, force = false): Promise<void> {
  const now = deps.clock.now().getTime();
  if (!force && now - lastPrune < PRUNE_EVERY_MS && now >= lastPrune) return;
  lastPrune = now;
  await pruneRateRows(deps.db, iso(new Date(now - RATE_RETENTION_MS)));
}
