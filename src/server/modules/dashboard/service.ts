import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import type { ExpenseClaimsDashboardReply, InvoicesDashboardReply, MembercardsDashboardReply } from '../../../shared/schemas/dashboard';
import { helsinkiDate } from '../receipts/dates';
import { helsinkiToday } from '../invoices/present';
import * as repo from './repo';

// The dashboard panels' summaries: read-only, one reply per panel.

/** The 12 months ending with today's month, oldest first ('YYYY-MM'). */
export function lastTwelveMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, k) => {
    const m = year * 12 + (month - 1) - (11 - k);
    return `${String(Math.floor(m / 12))}-${String((m % 12) + 1).padStart(2, '0')}`;
  });
}

export async function invoices(deps: Deps, tenant: Tenant): Promise<InvoicesDashboardReply> {
  const today = helsinkiToday(deps.clock.now());
  const months = lastTwelveMonths(today);
  // A day before the first month's start in UTC covers the Helsinki offset; later days are filtered below.
  const since = new Date(Date.parse(`${months[0]!}-01T00:00:00Z`) - 86_400_000).toISOString();
  const [totals, groups] = await Promise.all([repo.invoiceTotals(deps.db, tenant.id, today), repo.paymentsByHour(deps.db, tenant.id, since)]);
  const perMonth = new Map(months.map((m) => [m, 0]));
  for (const g of groups) {
    // The day a payment counts from, as in the reports (actionDay): its payment day, never after the day it was booked.
    const made = helsinkiDate(`${g.hour}:00:00.000Z`);
    const day = g.pay_date !== null && g.pay_date < made ? g.pay_date : made;
    const month = day.slice(0, 7);
    const had = perMonth.get(month);
    if (had !== undefined) perMonth.set(month, had + g.c);
  }
  return {
    invoice_count: totals.invoices,
    open: { count: totals.open_n, amount_c: totals.open_c },
    overdue: { count: totals.overdue_n, amount_c: totals.overdue_c },
    paid: { count: totals.paid_n, amount_c: totals.paid_c },
    months: months.map((month) => ({ month, paid_c: perMonth.get(month) ?? 0 })),
  };
}

export function membercards(deps: Deps, tenant: Tenant): Promise<MembercardsDashboardReply> {
  return repo.cardTotals(deps.db, tenant.id, helsinkiToday(deps.clock.now()));
}

export async function expenseClaims(deps: Deps, tenant: Tenant): Promise<ExpenseClaimsDashboardReply> {
  const totals = await repo.claimTotals(deps.db, tenant.id, ['pending', 'accepted']);
  const none = { count: 0, amount_c: 0 };
  return { pending: totals.get('pending') ?? none, accepted: totals.get('accepted') ?? none };
}
