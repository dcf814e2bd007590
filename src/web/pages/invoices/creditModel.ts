import type { InvoiceRow } from '../../../shared/schemas/invoices';
import { centsToTyped } from './invoiceModel';

// The credit form's starting amounts: the open part of the invoice, row by row in order,
// each row at most its own amount (a fully open invoice is credited row for row).

export function creditDefaults(rows: readonly InvoiceRow[], openCents: number): string[] {
  let left = Math.max(0, openCents);
  return rows.map((r) => {
    const part = Math.max(0, Math.min(r.amount_c, left));
    left -= part;
    return centsToTyped(part);
  });
}

/** Which marks the page offers, in this order; `allowed` from the server says which apply now. */
export const MARK_ACTIONS = ['mark_paid', 'mark_paid_cancel', 'mark_pending', 'mark_cancelled'] as const;
export type MarkAction = (typeof MARK_ACTIONS)[number];
