import type { Deps } from '../../deps';
import { iso } from '../../lib/clock';
import { recordOutcome } from '../contacts/repo';
import * as repo from './claim-repo';
import type { ClaimedDelivery } from './claim-repo';
import type { OutgoingDelivery, Personalisers, ProviderResult, Providers } from './providers';

// The outbox worker: claims due deliveries with a lease, hands each to its medium's provider
// and records what happened. Deliveries never go twice: a row is sent only from `sending`
// under this worker's lease, a lost lease makes it `unknown` (never sent again), and only
// failures known to have happened before the provider accepted the message are retried.

export interface WorkerOptions {
  /** Rows claimed per round, shared fairly among the associations with due rows. */
  batchSize?: number;
  /** Provider calls in flight at once. */
  concurrency?: number;
  /** How long a claim holds; a row still `sending` after it becomes `unknown`. */
  leaseMs?: number;
  /** Pause when nothing is due. */
  idleMs?: number;
  log?: (msg: string, data?: Record<string, unknown>) => void;
  /** Per message kind: makes each delivery its recipient's own (invoices). */
  personalise?: Personalisers;
}

export const LEASE_MS = 60_000;
/** Pre-acceptance failures are retried this many times in all, then the row is `unknown` with the error. */
export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Wait before the next attempt after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxWorker {
  /** One round: expire lost leases, claim, send, record. Returns how many rows were handled. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops taking new rounds and waits for the round in flight to be recorded. */
  stop(): Promise<void>;
}

/** Runs `fn` over `items` with at most `n` at a time. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(lanes);
}

export function createOutboxWorker(deps: Pick<Deps, 'db' | 'dialect' | 'clock'>, providers: Providers, opts: WorkerOptions = {}): OutboxWorker {
  const { db, dialect, clock } = deps;
  const batchSize = opts.batchSize ?? 50;
  const concurrency = opts.concurrency ?? 5;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const idleMs = opts.idleMs ?? 1000;
  const log = opts.log ?? (() => {});
  /** The association served last: the next round starts after it (round-robin). */
  let cursor = 0;

  async function claim(): Promise<ClaimedDelivery[]> {
    const now = clock.now();
    const open = await repo.tenantsWithQueued(db);
    if (open.length === 0) return [];
    const ordered = [...open.filter((t) => t > cursor), ...open.filter((t) => t <= cursor)];
    const out: ClaimedDelivery[] = [];
    // Each association gets an equal share; what one leaves unused goes round again to
    // those that filled theirs.
    let candidates = ordered;
    while (candidates.length > 0 && out.length < batchSize) {
      const share = Math.max(1, Math.floor((batchSize - out.length) / candidates.length));
      const full: number[] = [];
      for (const tenantId of candidates) {
        if (out.length >= batchSize) break;
        const want = Math.min(share, batchSize - out.length);
        const rows = await repo.claimDue(db, dialect, tenantId, iso(now), iso(new Date(now.getTime() + leaseMs)), want);
        out.push(...rows);
        if (rows.length === want) full.push(tenantId);
        if (rows.length > 0 && candidates === ordered) cursor = tenantId;
      }
      candidates = full;
    }
    return out;
  }

  async function record(d: ClaimedDelivery, result: ProviderResult | { outcome: 'lost'; error: string }): Promise<void> {
    const at = iso(clock.now());
    if (result.outcome === 'retry') {
      if (d.attempts >= MAX_ATTEMPTS) await repo.markDone(db, d.id, 'unknown', at, null, result.error);
      else await repo.requeue(db, d.id, at, iso(new Date(clock.now().getTime() + backoffMs(d.attempts))), result.error);
      return;
    }
    if (result.outcome === 'lost') {
      await repo.markDone(db, d.id, 'unknown', at, null, result.error);
      return;
    }
    await db.transaction().execute(async (trx) => {
      const ref = result.outcome === 'sent' ? result.ref : null;
      const error = result.outcome === 'bounced' ? result.error : null;
      const changed = await repo.markDone(trx, d.id, result.outcome, at, ref, error);
      // Up-to-dateness of the member's address: the latest message to it went, or bounced.
      if (changed && d.member_id !== null && (d.medium === 'email' || d.medium === 'sms')) {
        await recordOutcome(trx, d.tenant_id, { member_id: d.member_id, medium: d.medium, address: d.address, outcome: result.outcome, at });
      }
    });
  }

  async function runOnce(): Promise<number> {
    await repo.expireLeases(db, iso(clock.now()));
    const claimed = await claim();
    if (claimed.length === 0) return 0;
    const messages = await repo.messagesById(db, [...new Set(claimed.map((d) => d.message_id))]);
    const senders = await repo.sendersById(db, [...new Set(claimed.map((d) => d.tenant_id))]);
    await pool(claimed, concurrency, async (d) => {
      const msg = messages.get(d.message_id);
      const sender = senders.get(d.tenant_id);
      if (!msg || !sender) {
        await record(d, { outcome: 'bounced', error: 'message_missing' });
        return;
      }
      let out: OutgoingDelivery = {
        deliveryId: d.id,
        tenantId: d.tenant_id,
        messageId: d.message_id,
        memberId: d.member_id,
        medium: d.medium,
        address: d.address,
        subject: msg.subject,
        content: msg.content,
        senderName: sender.name,
        replyTo: sender.replyTo,
        senderHost: sender.hostname,
      };
      const personalise = opts.personalise?.[msg.kind];
      if (personalise) {
        try {
          out = await personalise(out);
        } catch (err) {
          await record(d, { outcome: 'bounced', error: `personalise_failed: ${String((err as Error).message ?? err).slice(0, 400)}` });
          return;
        }
      }
      let result: ProviderResult | { outcome: 'lost'; error: string };
      try {
        result = await providers[d.medium].send(out);
      } catch (err) {
        // Failed in a way that does not tell whether the provider took the message.
        result = { outcome: 'lost', error: String((err as Error).message ?? err).slice(0, 500) };
      }
      try {
        await record(d, result);
      } catch (err) {
        // The lease runs out and the row becomes unknown: never sent twice.
        log('outbox: recording failed', { id: d.id, error: (err as Error).message });
      }
    });
    return claimed.length;
  }

  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        wake = null;
        resolve();
      };
    });

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let n = 0;
          try {
            n = await runOnce();
          } catch (err) {
            log('outbox: round failed', { error: (err as Error).message });
          }
          if (n === 0 && running) await pause(idleMs);
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
