import type { Db } from '../../db/kysely';
import { recordOutcome } from '../contacts/repo';

// What reports after sending change: a bounce report or an SMS delivery report names a
// delivery by a keyed token; the row it names is marked, and so is the member's
// up-to-dateness of that address. Repeating a report changes nothing more.

export interface ReportedDelivery {
  id: number;
  tenant_id: number;
  member_id: number | null;
  medium: string;
  address: string;
  status: string;
}

/**
 * The delivery a verified token names, in whichever association it is: reports come from
 * mail servers and the SMS gateway, not from a signed-in user of one association.
 */
export async function deliveryByToken(db: Db, deliveryId: number): Promise<ReportedDelivery | undefined> {
  return db.selectFrom('deliveries').select(['id', 'tenant_id', 'member_id', 'medium', 'address', 'status']).where('id', '=', deliveryId).executeTakeFirst();
}

/** States a bounce report may follow: the message was handed over (or may have been). */
const BOUNCEABLE = ['sending', 'sent', 'unknown', 'read'];

/** Marks the delivery bounced and the member's address bounced; false when it was not in a state to bounce. */
export async function markBounced(db: Db, tenantId: number, deliveryId: number, at: string, error: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const d = await trx
      .selectFrom('deliveries')
      .select(['id', 'member_id', 'medium', 'address', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    if (!d || !BOUNCEABLE.includes(d.status)) return false;
    await trx
      .updateTable('deliveries')
      .set({ status: 'bounced', status_at: at, lease_until: null, error: error.slice(0, 500) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', deliveryId)
      .execute();
    if (d.member_id !== null && (d.medium === 'email' || d.medium === 'sms')) {
      await recordOutcome(trx, tenantId, { member_id: d.member_id, medium: d.medium, address: d.address, outcome: 'bounced', at });
    }
    return true;
  });
}

/**
 * A delivery report saying the SMS arrived: a row still `sending` or `unknown` is `sent`, with
 * the member's SMS outcome (one already sent stays as it is).
 */
export async function markDelivered(db: Db, tenantId: number, deliveryId: number, at: string, ref: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const d = await trx
      .selectFrom('deliveries')
      .select(['member_id', 'medium', 'address'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', deliveryId)
      .where('status', 'in', ['sending', 'unknown'])
      .executeTakeFirst();
    if (!d) return false;
    await trx
      .updateTable('deliveries')
      .set({ status: 'sent', status_at: at, lease_until: null, provider_ref: ref, error: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', deliveryId)
      .execute();
    if (d.member_id !== null && (d.medium === 'email' || d.medium === 'sms')) {
      await recordOutcome(trx, tenantId, { member_id: d.member_id, medium: d.medium, address: d.address, outcome: 'sent', at });
    }
    return true;
  });
}
