import type { Db } from '../../db/kysely';
import type { MessageMedia } from '../../../shared/messages/media';

// Putting deliveries into the outbox and taking queued ones back out. Both run inside the
// caller's transaction: a message is marked sent and its deliveries queued together, and a
// cancelled message cancels exactly what the worker has not claimed yet.

export interface NewDelivery {
  memberId: number | null;
  medium: MessageMedia;
  /** Email address, E.164 number, or the postal address as one line. */
  address: string;
}

/** Rows per INSERT: well under SQLite's 32 766 bound parameters at 9 columns a row. */
const CHUNK = 500;

/**
 * Queues one delivery per row for the message; returns how many were queued. `held` rows wait
 * for the message's payment (`releaseHeld`): the recipients are fixed at the price shown.
 */
export async function queueDeliveries(trx: Db, tenantId: number, messageId: number, rows: readonly NewDelivery[], at: string, status: 'queued' | 'held' = 'queued'): Promise<number> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('deliveries')
      .values(
        rows.slice(i, i + CHUNK).map((r) => ({
          tenant_id: tenantId,
          message_id: messageId,
          member_id: r.memberId,
          medium: r.medium,
          address: r.address,
          status,
          next_attempt_at: at,
          created_at: at,
          status_at: at,
        })),
      )
      .execute();
  }
  return rows.length;
}

/** Cancels the message's deliveries still queued or held (not those being sent or done); returns the count. */
export async function cancelQueued(trx: Db, tenantId: number, messageId: number, at: string): Promise<number> {
  const r = await trx
    .updateTable('deliveries')
    .set({ status: 'cancelled', status_at: at })
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('status', 'in', ['queued', 'held'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Queues the message's held deliveries (it has been paid); returns the count. */
export async function releaseHeld(trx: Db, tenantId: number, messageId: number, at: string): Promise<number> {
  const r = await trx
    .updateTable('deliveries')
    .set({ status: 'queued', status_at: at, next_attempt_at: at })
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
