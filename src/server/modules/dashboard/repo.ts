import { sql } from 'kysely';
import type { Db } from '../../db/kysely';

// The dashboard's figures: grouped queries only (however many rows an association has, each
// call is a few aggregate reads). Tenant id first in every function.

const num = (v: unknown): number => Number(v ?? 0);

export interface InvoiceTotals {
  invoices: number;
  open_n: number;
  open_c: number;
  overdue_n: number;
  overdue_c: number;
  paid_n: number;
  paid_c: number;
}

/**
 * Open, overdue and paid over the association's invoice instances, from their cached sums
 * (the same rules as deriveStatus/openAmount in src/shared/invoices/status.ts). `today` is the
 * Helsinki date: an instance is overdue from the day after its due date in force.
 */
export async function invoiceTotals(db: Db, tenantId: number, today: string): Promise<InvoiceTotals> {
  const open = sql<boolean>`i.mark = 'none' and i.amount_c - i.credited_c - i.paid_c > 0`;
  const rest = sql<number>`i.amount_c - i.credited_c - i.paid_c`;
  const overdue = sql<boolean>`${open} and coalesce(i.reminder_due, i.date_due) < ${today} and (i.message_id is null or m.sent_at is not null)`;
  // Settled: marked paid or paid in full (over, or combined with others), unless cancelled or wholly credited.
  const paid = sql<boolean>`i.mark <> 'cancelled' and not (i.amount_c > 0 and i.credited_c >= i.amount_c) and (i.mark = 'paid' or (i.paid_c > 0 and i.paid_c >= i.amount_c - i.credited_c))`;
  const [sums, invoices] = await Promise.all([
    db
      .selectFrom('invoice_instances as i')
      .leftJoin('messages as m', (j) => j.onRef('m.id', '=', 'i.message_id').onRef('m.tenant_id', '=', 'i.tenant_id'))
      .select([
        sql<string>`sum(case when ${open} then 1 else 0 end)`.as('open_n'),
        sql<string>`sum(case when ${open} then ${rest} else 0 end)`.as('open_c'),
        sql<string>`sum(case when ${overdue} then 1 else 0 end)`.as('overdue_n'),
        sql<string>`sum(case when ${overdue} then ${rest} else 0 end)`.as('overdue_c'),
        sql<string>`sum(case when ${paid} then 1 else 0 end)`.as('paid_n'),
        sql<string>`sum(i.paid_c)`.as('paid_c'),
      ])
      .where('i.tenant_id', '=', tenantId)
      .where('i.kind', '=', 'invoice')
      .executeTakeFirstOrThrow(),
    db.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow(),
  ]);
  return {
    invoices: num(invoices.n),
    open_n: num(sums.open_n),
    open_c: num(sums.open_c),
    overdue_n: num(sums.overdue_n),
    overdue_c: num(sums.overdue_c),
    paid_n: num(sums.paid_n),
    paid_c: num(sums.paid_c),
  };
}

/**
 * Payments (bank and manual) booked since `since` (UTC ISO), summed per payment day and UTC
 * hour of booking: Helsinki is a whole number of hours from UTC, so the caller can tell each
 * group's Helsinki day exactly without reading single payments.
 */
export async function paymentsByHour(db: Db, tenantId: number, since: string): Promise<{ pay_date: string | null; hour: string; c: number }[]> {
  const hour = sql<string>`substr(created_at, 1, 13)`;
  const rows = await db
    .selectFrom('invoice_actions')
    .select(['pay_date', hour.as('hour'), sql<string>`sum(amount_c)`.as('c')])
    .where('tenant_id', '=', tenantId)
    .where('action_type', 'in', ['sync_payment', 'manual_payment'])
    .where('created_at', '>=', since)
    .groupBy(['pay_date', hour])
    .execute();
  return rows.map((r) => ({ pay_date: r.pay_date, hour: r.hour, c: num(r.c) }));
}

/** Cards sent, and those valid on `today`: not past their last day and the member's newest card. */
export async function cardTotals(db: Db, tenantId: number, today: string): Promise<{ sent: number; valid: number }> {
  const r = await db
    .selectFrom('member_cards as c')
    .select([
      (eb) => eb.fn.countAll<string>().as('sent'),
      sql<string>`sum(case when c.valid_until >= ${today} and not exists (select 1 from member_cards n where n.tenant_id = c.tenant_id and n.member_id = c.member_id and n.id > c.id) then 1 else 0 end)`.as('valid'),
    ])
    .where('c.tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return { sent: num(r.sent), valid: num(r.valid) };
}

/** Count and sum of the claims per status, for the given statuses. */
export async function claimTotals(db: Db, tenantId: number, statuses: readonly ('pending' | 'accepted')[]): Promise<Map<string, { count: number; amount_c: number }>> {
  const rows = await db
    .selectFrom('expense_claims')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`sum(amount_c)`.as('c')])
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', [...statuses])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, { count: num(r.n), amount_c: num(r.c) }]));
}
