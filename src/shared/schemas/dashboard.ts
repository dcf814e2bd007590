import { z } from 'zod';

// Contract of the dashboard's summary calls: one call per panel, each counting in a few grouped
// queries, so a panel loads on its own and never waits for another's figures.

const countSum = z.object({ count: z.number().int(), amount_c: z.number().int() });

/**
 * GET invoices/dashboard. Over invoice instances (credit invoices left out, their amounts are
 * in the credited sums): `open` what is still to pay (amount − credited − paid > 0, not marked
 * paid or cancelled; partial payments leave the rest open), `overdue` the open ones whose due
 * date in force has passed after they were sent (the rest still to pay), `paid` the settled
 * instances and the money received on all of them, partial payments included. `months`: the
 * payments received per Helsinki month, the last 12 months oldest first, empty months as 0.
 */
export const invoicesDashboardReply = z.object({
  invoice_count: z.number().int(),
  open: countSum,
  overdue: countSum,
  paid: countSum,
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), paid_c: z.number().int() })).length(12),
});
export type InvoicesDashboardReply = z.infer<typeof invoicesDashboardReply>;

/** GET membercard/dashboard: cards sent (one per delivery) and those valid today (not expired, not replaced by a newer card of the member). */
export const membercardsDashboardReply = z.object({ sent: z.number().int(), valid: z.number().int() });
export type MembercardsDashboardReply = z.infer<typeof membercardsDashboardReply>;

/** GET expenseclaim/dashboard: claims waiting for the treasurer, and accepted ones waiting for payment. */
export const expenseClaimsDashboardReply = z.object({ pending: countSum, accepted: countSum });
export type ExpenseClaimsDashboardReply = z.infer<typeof expenseClaimsDashboardReply>;
