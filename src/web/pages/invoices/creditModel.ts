import { creditedRows, rowLimit } from '../../../shared/invoices/credit';
import type { InvoiceActionRow, InvoiceInstanceReply, InvoiceRow } from '../../../shared/schemas/invoices';
import { centsToTyped } from './invoiceModel';

// The credit form's starting amounts: the open part of the invoice, row by row in order, each
// row at most what the shared credit rules let it take now (its amount less earlier credits;
// for a partly paid multi-VAT invoice also at most the open amount).

export function creditDefaults(rows: readonly InvoiceRow[], instance: Pick<InvoiceInstanceReply, 'amount_c' | 'amount_paid_c' | 'amount_credited_c' | 'amount_open_c'>, actions: readonly Pick<InvoiceActionRow, 'action_type' | 'rows'>[]): string[] {
  const inst = {
    rows,
    amount_c: instance.amount_c,
    paid_c: instance.amount_paid_c,
    credited_c: instance.amount_credited_c,
    open: instance.amount_open_c,
    credited_rows: creditedRows(rows.length, actions.filter((a) => a.action_type === 'credit').map((a) => a.rows)),
  };
  let left = Math.max(0, instance.amount_open_c);
  return rows.map((_, i) => {
    const part = Math.max(0, Math.min(rowLimit(inst, i), left));
    left -= part;
    return centsToTyped(part);
  });
}

/** Which marks the page offers, in this order; `allowed` from the server says which apply now. */
export const MARK_ACTIONS = ['mark_paid', 'mark_paid_cancel', 'mark_pending', 'mark_cancelled'] as const;
export type MarkAction = (typeof MARK_ACTIONS)[number];
