// What an invoice instance's actions add up to, and the status a person sees. Pure: the
// server caches summariseActions on the instance after every action, and derives the
// status on reading (it depends on today and on the deliveries as well).

export const INVOICE_ACTION_TYPES = [
  'mark_paid',
  'mark_paid_cancel',
  'mark_pending',
  'mark_cancelled',
  'sync_payment',
  'manual_payment',
  'credit',
  'reminder',
] as const;
export type InvoiceActionType = (typeof INVOICE_ACTION_TYPES)[number];

export const INVOICE_STATUSES = [
  'not_sent',
  'queued',
  'pending',
  'overdue',
  'paid',
  'underpaid',
  'overpaid',
  'cancelled',
  'credited',
  'partially_credited',
  'credit_invoice',
  'combosettled',
  'bounced',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export type InvoiceMark = 'none' | 'paid' | 'cancelled';

export interface ActionLike {
  action_type: InvoiceActionType;
  amount_c: number | null;
}

export interface ActionSummary {
  /** Bank and manual payments together (a negative manual payment corrects). */
  paid_c: number;
  /** Sum of the credits made on this instance. */
  credited_c: number;
  /** The latest mark: paid by hand, cancelled, or none. */
  mark: InvoiceMark;
}

/** The running sums and the mark, from the actions in the order they were made. */
export function summariseActions(actions: readonly ActionLike[]): ActionSummary {
  let paid = 0;
  let credited = 0;
  let mark: InvoiceMark = 'none';
  for (const a of actions) {
    switch (a.action_type) {
      case 'sync_payment':
      case 'manual_payment':
        paid += a.amount_c ?? 0;
        break;
      case 'credit':
        credited += a.amount_c ?? 0;
        break;
      case 'mark_paid':
        mark = 'paid';
        break;
      case 'mark_cancelled':
        mark = 'cancelled';
        break;
      case 'mark_paid_cancel':
        if (mark === 'paid') mark = 'none';
        break;
      case 'mark_pending':
        mark = 'none';
        break;
      case 'reminder':
        break;
    }
  }
  return { paid_c: paid, credited_c: credited, mark };
}

export interface InstanceFacts extends ActionSummary {
  kind: 'invoice' | 'credit';
  /** Gross amount, cents (negative for a credit invoice). */
  amount_c: number;
  /** The due date in force: the latest reminder's, else the original (YYYY-MM-DD). */
  due: string;
  /** Whether its message has been sent (paid for and handed to the outbox). */
  sent: boolean;
  /** Some delivery still held, queued or being sent. */
  queued: boolean;
  /** Every delivery of it bounced. */
  bounced: boolean;
  /** Settled together with other invoices by one payment. */
  combosettled?: boolean;
}

/** What is still to be paid, never below 0. Nothing is open on a cancelled, marked-paid or credit invoice. */
export function openAmount(i: Pick<InstanceFacts, 'kind' | 'amount_c' | 'paid_c' | 'credited_c' | 'mark'>): number {
  if (i.kind === 'credit' || i.mark !== 'none') return 0;
  return Math.max(0, i.amount_c - i.credited_c - i.paid_c);
}

/**
 * The status, first rule that applies: a credit invoice; cancelled; fully credited; marked
 * paid; paid in full, over, or combined with others; not yet sent, still queued, bounced;
 * partly paid; partly credited; past its due date; else pending.
 */
export function deriveStatus(i: InstanceFacts, today: string): InvoiceStatus {
  if (i.kind === 'credit') return 'credit_invoice';
  if (i.mark === 'cancelled') return 'cancelled';
  if (i.amount_c > 0 && i.credited_c >= i.amount_c) return 'credited';
  if (i.mark === 'paid') return 'paid';
  const due = i.amount_c - i.credited_c;
  if (i.paid_c > due) return 'overpaid';
  if (i.paid_c > 0 && i.paid_c === due) return i.combosettled ? 'combosettled' : 'paid';
  if (!i.sent) return 'not_sent';
  if (i.queued) return 'queued';
  if (i.bounced && i.paid_c === 0) return 'bounced';
  if (i.paid_c > 0) return 'underpaid';
  if (i.credited_c > 0) return 'partially_credited';
  if (today > i.due) return 'overdue';
  return 'pending';
}

/** Statuses counted as open (something still to pay and nobody closed it). */
export const OPEN_STATUSES: readonly InvoiceStatus[] = ['not_sent', 'queued', 'pending', 'overdue', 'underpaid', 'partially_credited', 'bounced'];
export const PAID_STATUSES: readonly InvoiceStatus[] = ['paid', 'overpaid', 'combosettled'];

export interface InvoiceAggregates {
  count_total_c: number;
  count_open_c: number;
  count_overdue_c: number;
  count_paid_c: number;
  amount_total_c: number;
  amount_paid_c: number;
  amount_credited_c: number;
  amount_cancelled_c: number;
  amount_pending_c: number;
}

/**
 * The invoice page's and the reports' sums over instances (credit invoices excluded: their
 * amounts are in the credited sum of the instance they credit). The identity
 * total = paid + credited + cancelled + pending − overpaid + marked paid open holds by
 * construction; reports use this same function so they reconcile to the cent.
 */
export function aggregate(items: readonly (InstanceFacts & { status: InvoiceStatus })[]): InvoiceAggregates {
  const out: InvoiceAggregates = {
    count_total_c: 0,
    count_open_c: 0,
    count_overdue_c: 0,
    count_paid_c: 0,
    amount_total_c: 0,
    amount_paid_c: 0,
    amount_credited_c: 0,
    amount_cancelled_c: 0,
    amount_pending_c: 0,
  };
  for (const i of items) {
    if (i.kind === 'credit') continue;
    out.count_total_c += 1;
    out.amount_total_c += i.amount_c;
    out.amount_paid_c += i.paid_c;
    out.amount_credited_c += i.credited_c;
    if (i.mark === 'cancelled') out.amount_cancelled_c += Math.max(0, i.amount_c - i.credited_c - i.paid_c);
    const open = openAmount(i);
    out.amount_pending_c += open;
    if (OPEN_STATUSES.includes(i.status) && open > 0) out.count_open_c += 1;
    if (i.status === 'overdue') out.count_overdue_c += 1;
    if (PAID_STATUSES.includes(i.status)) out.count_paid_c += 1;
  }
  return out;
}
