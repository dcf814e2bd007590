import { INVOICE_DEFAULT_DUE_DAYS, INVOICE_MAX_ROWS } from '../../../shared/constants';
import { normalizeFilter } from '../../../shared/filter/normalize';
import type { Filter } from '../../../shared/filter/types';
import { parseAmountCents } from '../../../shared/finnish/amount';
import { formatFinnishDate, parseFinnishDate } from '../../../shared/finnish/date';
import type { InvoiceMedia, InvoiceReply } from '../../../shared/schemas/invoices';
import type { PreviewInput, SaveInput } from '../../api/invoices';

// The invoice composer's state and its pure rules: what a preview and a save send, the
// default due date, row editing and the checks made before asking the server.

export interface RowDraft {
  title: string;
  /** With VAT, as typed ("25", "25,50"). */
  amount_with_vat: string;
  vat_percent: number;
}

export interface InvoiceDraft {
  subject: string;
  /** HTML; `<hr>` starts a new page. */
  description: string;
  rows: RowDraft[];
  /** As typed, d.M.yyyy. */
  date_due: string;
  msg_media: InvoiceMedia;
  sms_notify: boolean;
  filter: Filter;
  addrecips: number[];
}

/** Today in Helsinki as YYYY-MM-DD (the invoice date the server uses). */
export function helsinkiToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** An ISO day plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const defaultDueDate = (today: string): string => formatFinnishDate(addDays(today, INVOICE_DEFAULT_DUE_DAYS));

export const emptyRow = (): RowDraft => ({ title: '', amount_with_vat: '', vat_percent: 0 });

export function emptyDraft(today: string): InvoiceDraft {
  return { subject: '', description: '', rows: [emptyRow()], date_due: defaultDueDate(today), msg_media: 'email', sms_notify: false, filter: [], addrecips: [] };
}

export function draftFromReply(inv: InvoiceReply): InvoiceDraft {
  return {
    subject: inv.subject,
    description: inv.description,
    rows: inv.invoice_rows_.length > 0 ? inv.invoice_rows_.map((r) => ({ title: r.title, amount_with_vat: centsToTyped(r.amount_c), vat_percent: r.vat_percent })) : [emptyRow()],
    date_due: inv.date_due ? formatFinnishDate(inv.date_due) : '',
    msg_media: inv.msg_media,
    sms_notify: inv.sms_notify,
    // normalizeFilter drops anything malformed, so a stored filter always loads.
    filter: normalizeFilter(inv.filter ?? []),
    addrecips: [...inv.addrecips],
  };
}

/** Cents as a person would type them: "25", "25,50". */
export function centsToTyped(cents: number): string {
  const euros = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(euros) : `${String(euros)},${String(rest).padStart(2, '0')}`;
}

/** The rows with VAT forced to 0 % when the association is not VAT-obliged. */
const rowsOut = (rows: RowDraft[], vatObliged: boolean) =>
  rows.map((r) => ({ title: r.title, amount_with_vat: r.amount_with_vat, vat_percent: vatObliged ? r.vat_percent : 0 }));

/** The preview's body; null while the due date cannot be read (the field shows why). */
export function previewBody(d: InvoiceDraft, vatObliged: boolean): PreviewInput | null {
  const due = parseFinnishDate(d.date_due);
  if (!due) return null;
  return {
    msg_media: d.msg_media,
    subject: d.subject,
    description: d.description,
    invoice_rows_: rowsOut(d.rows, vatObliged),
    date_due: due,
    sms_notify: d.sms_notify,
    filter: d.filter,
    addrecips: d.addrecips,
  };
}

/**
 * A preview body for counting recipients only: the draft's media and recipients with one
 * harmless row, no description and the default due date. Used while the draft itself cannot be
 * previewed (no row title yet, an amount the server cannot read), so the recipient count and the
 * unreachable list never wait for the invoice's text to be finished.
 */
export function recipientsOnlyBody(body: PreviewInput, today: string): PreviewInput {
  return { ...body, description: '', invoice_rows_: [{ title: '-', amount_with_vat: '1', vat_percent: 0 }], date_due: addDays(today, INVOICE_DEFAULT_DUE_DAYS) };
}

export function saveBody(d: InvoiceDraft, vatObliged: boolean, opts: { id: number | null; send: boolean; confirmed?: boolean }): SaveInput {
  const due = parseFinnishDate(d.date_due) ?? d.date_due;
  return {
    msg_media: d.msg_media,
    subject: d.subject,
    description: d.description,
    invoice_rows_: rowsOut(d.rows, vatObliged),
    date_due: due,
    sms_notify: d.sms_notify,
    filter: d.filter,
    addrecips: d.addrecips,
    ...(opts.id !== null ? { id: opts.id } : {}),
    send: opts.send,
    confirmed: opts.confirmed ?? false,
  };
}

/** Comparable form of a draft, for "unsaved changes". */
export const draftKey = (d: InvoiceDraft): string =>
  JSON.stringify([d.subject, d.description, d.rows, d.date_due, d.msg_media, d.sms_notify, d.filter, [...d.addrecips].sort((a, b) => a - b)]);

export const canAddRow = (d: InvoiceDraft): boolean => d.rows.length < INVOICE_MAX_ROWS;
export const canRemoveRow = (d: InvoiceDraft): boolean => d.rows.length > 1;

/** The field key of a row's input, as the server keys row errors. */
export const rowField = (index: number, field: keyof RowDraft): string => `invoice_rows_.${String(index)}.${field}`;

/**
 * Checks made before a send, as message keys per field (the server makes them again):
 * a subject, every row's title and a readable amount, a readable due date not in the past.
 */
export function localErrors(d: InvoiceDraft, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (d.subject.trim() === '') errors.subject = '_validation_field_required';
  d.rows.forEach((r, i) => {
    if (r.title.trim() === '') errors[rowField(i, 'title')] = '_validation_field_required';
    if (r.amount_with_vat.trim() === '') errors[rowField(i, 'amount_with_vat')] = '_validation_field_required';
    else if (parseAmountCents(r.amount_with_vat) === null) errors[rowField(i, 'amount_with_vat')] = 'invoice_amount_invalid';
  });
  const due = parseFinnishDate(d.date_due);
  if (!due) errors.date_due = '_validation_invalid_date';
  else if (due < today) errors.date_due = 'invoice_due_in_past';
  return errors;
}

/** Form fields in screen order (the first invalid one gets focus). */
export function fieldOrder(d: InvoiceDraft): string[] {
  return [
    'msg_media',
    'subject',
    'invoice_rows_',
    ...d.rows.flatMap((_, i) => [rowField(i, 'title'), rowField(i, 'amount_with_vat'), rowField(i, 'vat_percent')]),
    'date_due',
    'description',
    'filter',
    'addrecips',
  ];
}
