import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/kysely';
import type { MessageMedia } from '../../../shared/messages/media';
import type { MessageKind } from '../../db/schema';

// The worker's SQL. Claiming moves rows from `queued` to `sending` with a lease in one
// statement (on PostgreSQL with FOR UPDATE SKIP LOCKED, so two workers never take the same
// row; on SQLite the statement is its own write transaction). Every function here works
// across associations: the worker serves them all, and each row carries its tenant_id.

export interface ClaimedDelivery {
  id: number;
  tenant_id: number;
  message_id: number;
  member_id: number | null;
  medium: MessageMedia;
  address: string;
  attempts: number;
}

/**
 * The associations that have queued rows and may send (trust_status not BLOCKED: their rows
 * stay queued), in id order: one probe of deliveries_tenant_due per association, so 100 000
 * queued rows of one association cost no more than one. Rows still waiting for a retry count
 * too; their claim simply finds nothing due.
 */
export async function tenantsWithQueued(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('tenants')
    .select('tenants.id')
    .where('tenants.trust_status', '<>', 'BLOCKED')
    .where(({ exists, selectFrom }) => exists(selectFrom('deliveries').select(sql`1`.as('one')).whereRef('deliveries.tenant_id', '=', 'tenants.id').where('deliveries.status', '=', 'queued')))
    .orderBy('tenants.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Claims up to `limit` due rows of one association, oldest due first; returns them as claimed. */
export async function claimDue(db: Db, dialect: Dialect, tenantId: number, now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
  // The due ids in a CTE: PostgreSQL runs it once (a LIMIT subquery under IN may be run
  // again for the join and claim more than asked), then locks skip what another worker holds.
  const rows = await db
    .with('due', (qb) => {
      const q = qb
        .selectFrom('deliveries')
        .select('id as due_id')
        .where('status', '=', 'queued')
        .where('tenant_id', '=', tenantId)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      return dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
    })
    .updateTable('deliveries')
    .from('due')
    .set({ status: 'sending', lease_until: leaseUntil, status_at: now, attempts: sql<number>`deliveries.attempts + 1` })
    .whereRef('deliveries.id', '=', 'due.due_id')
    .where('deliveries.status', '=', 'queued')
    .returning(['deliveries.id', 'deliveries.tenant_id', 'deliveries.message_id', 'deliveries.member_id', 'deliveries.medium', 'deliveries.address', 'deliveries.attempts'])
    .execute();
  return rows.map((r) => ({ ...r, medium: r.medium as MessageMedia })).sort((a, b) => a.id - b.id);
}

/**
 * Rows left in `sending` past their lease: the process died between handing the message
 * over and recording the result, so whether it went is not known. They become `unknown`
 * and are never sent again (a second copy is worse than a missing one).
 */
export async function expireLeases(db: Db, now: string): Promise<number> {
  const r = await db
    .updateTable('deliveries')
    .set({ status: 'unknown', status_at: now, lease_until: null, error: 'lease_expired' })
    .where('status', '=', 'sending')
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A final outcome from the provider. A row whose lease ran out meanwhile (`unknown`) gets the real answer. */
export async function markDone(db: Db, id: number, status: 'sent' | 'bounced' | 'unknown', at: string, ref: string | null, error: string | null): Promise<boolean> {
  const r = await db
    .updateTable('deliveries')
    .set({ status, status_at: at, lease_until: null, provider_ref: ref, error })
    .where('id', '=', id)
    .where('status', 'in', ['sending', 'unknown'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A failure before the provider accepted the message: back to the queue, due again at `nextAt`. */
export async function requeue(db: Db, id: number, at: string, nextAt: string, error: string): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'queued', status_at: at, lease_until: null, next_attempt_at: nextAt, error })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export interface MessageContext {
  kind: MessageKind;
  subject: string;
  content: string;
}

/** Kind, subject and content of the claimed rows' messages, each read once. */
export async function messagesById(db: Db, ids: readonly number[]): Promise<Map<number, MessageContext>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('messages').select(['id', 'kind', 'subject', 'content']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { kind: r.kind, subject: r.subject, content: r.content }]));
}

export interface SenderContext {
  name: string;
  hostname: string | null;
  replyTo: string;
}

/** Name, host and reply-to address (setting reply_to_email) of the claimed rows' associations. */
export async function sendersById(db: Db, tenantIds: readonly number[]): Promise<Map<number, SenderContext>> {
  if (tenantIds.length === 0) return new Map();
  const tenants = await db.selectFrom('tenants').select(['id', 'name', 'hostname']).where('id', 'in', tenantIds).execute();
  const replyTos = await db.selectFrom('settings').select(['tenant_id', 'value']).where('tenant_id', 'in', tenantIds).where('key', '=', 'reply_to_email').execute();
  const replyOf = new Map(
    replyTos.map((r) => {
      let v: unknown = '';
      try {
        v = JSON.parse(r.value);
      } catch {
        /* a malformed setting means no reply-to */
      }
      return [r.tenant_id, typeof v === 'string' ? v : ''];
    }),
  );
  return new Map(tenants.map((t) => [t.id, { name: t.name, hostname: t.hostname, replyTo: replyOf.get(t.id) ?? '' }]));
}
