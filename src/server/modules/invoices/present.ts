import type { Db } from '../../db/kysely';
import type { InvoiceInstanceReply } from '../../../shared/schemas/invoices';
import { deriveStatus, openAmount, type InstanceFacts } from '../../../shared/invoices/status';
import { helsinkiDate } from '../receipts/dates';
import { deliveriesFor, reminderMessagesOf, sentAtOf, type InstanceDelivery, type InstanceRow } from './instances-repo';

// Instances as the API replies them: the cached sums with the status derived from them, the
// deliveries of the instance's round and reminders, and today (Helsinki) for "overdue".

/** Today's date in Finland: due dates pass at midnight Finnish time. */
export const helsinkiToday = (now: Date): string => helsinkiDate(now.toISOString());

const WAITING = new Set(['held', 'queued', 'sending']);

/** The facts a status is derived from, given the instance's sent time and its deliveries. */
export function factsOf(row: InstanceRow, sentAt: string | null, deliveries: readonly Pick<InstanceDelivery, 'status'>[]): InstanceFacts {
  return {
    kind: row.kind,
    amount_c: row.amount_c,
    paid_c: row.paid_c,
    credited_c: row.credited_c,
    mark: row.mark,
    due: row.reminder_due ?? row.date_due,
    sent: row.kind === 'credit' || sentAt !== null,
    queued: deliveries.some((d) => WAITING.has(d.status)),
    bounced: deliveries.length > 0 && deliveries.every((d) => d.status === 'bounced'),
    combosettled: row.combosettled === 1,
  };
}

/** Replies for the given instances, in their order. */
export async function presentInstances(db: Db, tenantId: number, rows: readonly InstanceRow[], today: string): Promise<InvoiceInstanceReply[]> {
  const reminders = await reminderMessagesOf(db, tenantId, rows.map((r) => r.id));
  const rounds = rows.map((r) => r.message_id).filter((id): id is number => id !== null);
  const messageIds = [...new Set([...rounds, ...[...reminders.values()].flat()])];
  const memberIds = [...new Set(rows.map((r) => r.member_id).filter((id): id is number => id !== null))];
  const [sentAt, deliveries] = await Promise.all([sentAtOf(db, tenantId, rounds), deliveriesFor(db, tenantId, messageIds, memberIds)]);
  return rows.map((row) => {
    const own = new Set([row.message_id, ...(reminders.get(row.id) ?? [])]);
    const mine = deliveries.filter((d) => d.member_id === row.member_id && own.has(d.message_id));
    // The round's own deliveries decide queued/bounced; reminders only add to the list.
    const roundDeliveries = mine.filter((d) => d.message_id === row.message_id);
    const facts = factsOf(row, row.message_id === null ? null : (sentAt.get(row.message_id) ?? null), roundDeliveries);
    return {
      id: row.id,
      person_id: row.member_id,
      name: row.recipient_name,
      kind: row.kind,
      credit_of: row.credit_of,
      invoice_number: row.invoice_number,
      reference: row.reference,
      date_sent: row.message_id === null ? row.created_at : (sentAt.get(row.message_id) ?? null),
      date_due: facts.due,
      date_due_original: row.date_due,
      amount_c: row.amount_c,
      amount_open_c: openAmount(facts),
      amount_paid_c: row.paid_c,
      amount_credited_c: row.credited_c,
      status_c: deriveStatus(facts, today),
      msg_statuses: mine.map((d) => ({
        medium: d.medium,
        recipient_address: d.address,
        status: d.status,
        date_sent: WAITING.has(d.status) || d.status === 'cancelled' ? null : d.status_at,
      })),
    };
  });
}
