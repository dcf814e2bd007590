import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { DeliveryStatus, InvoiceActionsTable, InvoiceInstancesTable } from '../../db/schema';
import { summariseActions, type ActionLike } from '../../../shared/invoices/status';

// Invoice instances and their actions: the SQL every invoice area shares (sending, actions,
// bank payments, reports). An action is never changed or deleted; the instance's cached sums
// are recomputed from all of its actions in the transaction that adds one.

export type InstanceRow = Selectable<InvoiceInstancesTable>;
export type ActionRow = Selectable<InvoiceActionsTable>;

export async function instanceById(db: Db, tenantId: number, id: number): Promise<InstanceRow | undefined> {
  return db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function instancesByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<InstanceRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', [...ids]).orderBy('id').execute();
}

export async function actionsOf(db: Db, tenantId: number, instanceId: number): Promise<ActionRow[]> {
  return db.selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tenantId).where('instance_id', '=', instanceId).orderBy('id').execute();
}

export async function insertAction(trx: Db, row: Insertable<InvoiceActionsTable>): Promise<number> {
  const r = await trx.insertInto('invoice_actions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** What an instance caches from its actions (in the order they were made). */
function cacheOf(actions: readonly ActionRow[], at: string) {
  const s = summariseActions(actions as unknown as ActionLike[]);
  const reminders = actions.filter((a) => a.action_type === 'reminder' && a.date_due !== null);
  // Settled together with other instances by one bank payment (status combosettled).
  const combosettled = actions.some((a) => a.action_type === 'sync_payment' && a.combined === 1) ? 1 : 0;
  return { paid_c: s.paid_c, credited_c: s.credited_c, mark: s.mark, reminder_due: reminders.at(-1)?.date_due ?? null, combosettled, updated_at: at };
}

/** Recomputes the instance's cached sums, mark, reminder due date and combosettled from all of its actions. */
export async function recompute(trx: Db, tenantId: number, instanceId: number, at: string): Promise<void> {
  const actions = await actionsOf(trx, tenantId, instanceId);
  await trx.updateTable('invoice_instances').set(cacheOf(actions, at)).where('tenant_id', '=', tenantId).where('id', '=', instanceId).execute();
}

/** recompute for many instances: their actions read 500 instances at a time, then one update each. */
export async function recomputeMany(trx: Db, tenantId: number, instanceIds: readonly number[], at: string): Promise<void> {
  const ids = [...new Set(instanceIds)];
  for (let k = 0; k < ids.length; k += 500) {
    const part = ids.slice(k, k + 500);
    const rows = await trx.selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tenantId).where('instance_id', 'in', part).orderBy('id').execute();
    const byInstance = new Map<number, ActionRow[]>(part.map((id) => [id, []]));
    for (const r of rows) byInstance.get(r.instance_id)!.push(r);
    for (const [id, actions] of byInstance) {
      await trx.updateTable('invoice_instances').set(cacheOf(actions, at)).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    }
  }
}

export interface InstanceDelivery {
  message_id: number;
  member_id: number | null;
  medium: string;
  address: string;
  status: DeliveryStatus;
  status_at: string;
}

/** Deliveries of the given messages to the given members (an instance's round and its reminders). */
export async function deliveriesFor(db: Db, tenantId: number, messageIds: readonly number[], memberIds: readonly number[]): Promise<InstanceDelivery[]> {
  if (messageIds.length === 0 || memberIds.length === 0) return [];
  return db
    .selectFrom('deliveries')
    .select(['message_id', 'member_id', 'medium', 'address', 'status', 'status_at'])
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', [...messageIds])
    .where('member_id', 'in', [...memberIds])
    .orderBy('id')
    .execute();
}

/** When each message was sent (null while a draft or waiting for payment). */
export async function sentAtOf(db: Db, tenantId: number, messageIds: readonly number[]): Promise<Map<number, string | null>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db.selectFrom('messages').select(['id', 'sent_at']).where('tenant_id', '=', tenantId).where('id', 'in', [...messageIds]).execute();
  return new Map(rows.map((r) => [r.id, r.sent_at]));
}

/** Reminder messages sent for the given instances: instance id → message ids, oldest first. */
export async function reminderMessagesOf(db: Db, tenantId: number, instanceIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (instanceIds.length === 0) return out;
  const rows = await db
    .selectFrom('invoice_actions')
    .select(['instance_id', 'message_id'])
    .where('tenant_id', '=', tenantId)
    .where('instance_id', 'in', [...instanceIds])
    .where('action_type', '=', 'reminder')
    .where('message_id', 'is not', null)
    .orderBy('id')
    .execute();
  for (const r of rows) (out.get(r.instance_id) ?? out.set(r.instance_id, []).get(r.instance_id)!).push(r.message_id!);
  return out;
}
