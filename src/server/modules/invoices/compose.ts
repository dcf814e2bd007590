import { INVOICE_CONFIRM_ABOVE_C, INVOICE_MAX_TOTAL_C, type InvoiceRow, type InvoiceRowInput } from '../../../shared/schemas/invoices';
import { INVOICE_MAX_PAGES } from '../../../shared/constants';
import { parseAmountCents } from '../../../shared/finnish/amount';
import { vatBreakdown, vatRatesOn } from '../../../shared/finnish/vat';
import { invoicePageCount } from '../../../shared/invoices/pages';

// The rules of composing an invoice, pure: rows typed in Finnish format become cents with a
// VAT rate valid on the invoice date, and the whole is checked (total, due date, pages).
// Preview, drafts and sending all go through composeInvoice, so the errors are the same.

export interface VatRow {
  vat_percent: number;
  net_c: number;
  vat_c: number;
  gross_c: number;
}

export type Errors = Record<string, string[]>;

const add = (errors: Errors, field: string, key: string): void => {
  (errors[field] ??= []).push(key);
};

/**
 * Rows as stored: amounts in cents with VAT, each rate one of those valid on the invoice date.
 * An association that is not VAT-registered invoices without VAT: every rate is stored as 0.
 */
export function parseRows(input: readonly InvoiceRowInput[], invoiceDate: string, vatObliged: boolean): { rows: InvoiceRow[]; errors: Errors } {
  const errors: Errors = {};
  const rates = vatRatesOn(invoiceDate);
  const rows = input.map((r, i) => {
    const cents = parseAmountCents(r.amount_with_vat);
    if (cents === null || cents <= 0) add(errors, `invoice_rows_.${i}.amount_with_vat`, 'invoice_amount_invalid');
    if (vatObliged && !rates.includes(r.vat_percent)) add(errors, `invoice_rows_.${i}.vat_percent`, 'invoice_vat_rate_invalid');
    return { title: r.title, amount_c: cents ?? 0, vat_percent: vatObliged ? r.vat_percent : 0 };
  });
  return { rows, errors };
}

/** The breakdown per rate (ascending), to the cent: net + VAT = gross for every rate. */
export function breakdownOf(rows: readonly Pick<InvoiceRow, 'amount_c' | 'vat_percent'>[]): VatRow[] {
  return vatBreakdown(rows.map((r) => ({ amountWithVatCents: r.amount_c, vatPercent: r.vat_percent }))).map((b) => ({
    vat_percent: b.vatPercent,
    net_c: b.netCents,
    vat_c: b.vatCents,
    gross_c: b.grossCents,
  }));
}

export interface ComposeInput {
  rows: readonly InvoiceRowInput[];
  subject: string;
  description: string;
  date_due: string;
  /** The date the invoice carries: Helsinki today at sending (drafts: at saving). */
  invoice_date: string;
  /** Helsinki today: a due date before it is refused. */
  today: string;
  vat_obliged: boolean;
  /** Sending: a subject is required and a large total must be confirmed. */
  sending: boolean;
  confirmed: boolean;
}

export interface Composed {
  rows: InvoiceRow[];
  /** One instance's gross total. */
  amount_c: number;
  vat_breakdown: VatRow[];
  needs_confirmation: boolean;
  /** The whole invoice's pages (the invoice page and the description's pages). */
  pages: number;
}

/** The invoice as it would be stored, and every problem with it (message keys by field). */
export function composeInvoice(c: ComposeInput): { composed: Composed; errors: Errors } {
  const { rows, errors } = parseRows(c.rows, c.invoice_date, c.vat_obliged);
  if (rows.length === 0) add(errors, 'invoice_rows_', 'invoice_rows_required');
  const amount = rows.reduce((s, r) => s + r.amount_c, 0);
  if (amount >= INVOICE_MAX_TOTAL_C) add(errors, 'invoice_rows_', 'invoice_total_too_large');
  const needsConfirmation = amount > INVOICE_CONFIRM_ABOVE_C && amount < INVOICE_MAX_TOTAL_C;
  if (c.date_due < c.today) add(errors, 'date_due', 'invoice_due_in_past');
  const pages = invoicePageCount(c.description);
  if (pages > INVOICE_MAX_PAGES) add(errors, 'description', 'invoice_too_many_pages');
  if (c.sending && c.subject.trim() === '') add(errors, 'subject', '_validation_field_required');
  if (c.sending && needsConfirmation && !c.confirmed && Object.keys(errors).length === 0) add(errors, 'general', 'invoice_needs_confirmation');
  return {
    composed: { rows, amount_c: amount, vat_breakdown: breakdownOf(rows), needs_confirmation: needsConfirmation, pages: Math.min(pages, INVOICE_MAX_PAGES) },
    errors,
  };
}
