import { z } from 'zod';
import { INVOICE_MAX_ROWS } from '../constants';
import { INVOICE_ACTION_TYPES, INVOICE_STATUSES } from '../invoices/status';
import { plainText } from './common';
import { filterSchema } from './members';
import { ADDRECIPS_MAX, DELIVERY_STATUSES, MESSAGE_CONTENT_MAX, MESSAGE_SUBJECT_MAX, messagePreviewReply, msgStatusesSchema, priceSchema } from './messages';

// Contract of the invoice calls (spec §7 Invoices). Amounts typed by people are strings in
// Finnish format (parseAmountCents / parseSignedAmountCents); amounts in replies are cents
// with the `_c` suffix. Row errors are keyed `invoice_rows_.{index}.{field}`.

/** Every VAT rate an invoice row may carry; which are valid depends on the invoice date (vatRatesOn). */
export const ALL_VAT_RATES = [0, 10, 13.5, 14, 24, 25.5] as const;
/** Totals above this (9 999 €) ask for confirmation… */
export const INVOICE_CONFIRM_ABOVE_C = 999_900;
/** …and this (100 000 €) or more is refused. */
export const INVOICE_MAX_TOTAL_C = 10_000_000;
/** Media of the invoice itself; an SMS notice may go beside it (sms_notify). */
export const INVOICE_MEDIA = ['email', 'letter', 'pdf'] as const;
export type InvoiceMedia = (typeof INVOICE_MEDIA)[number];
/** Reports list periods from this year on; they cover invoices created after 4.12.2023. */
export const REPORT_FIRST_YEAR = 2016;
export const REPORT_COVERS_FROM = '2023-12-05';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '_validation_invalid_date');

export const invoiceRowInput = z.object({
  title: plainText(200).pipe(z.string().min(1, '_validation_field_required')),
  /** With VAT, as typed: "25", "25,50", "1 234,5". */
  amount_with_vat: plainText(20).pipe(z.string().min(1, '_validation_field_required')),
  vat_percent: z.number().refine((v) => (ALL_VAT_RATES as readonly number[]).includes(v), '_validation_invalid_choice'),
});
export type InvoiceRowInput = z.infer<typeof invoiceRowInput>;

/** A row as stored and replied: cents with VAT. */
export const invoiceRow = z.object({ title: z.string(), amount_c: z.number().int(), vat_percent: z.number() });
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const vatBreakdownRow = z.object({
  vat_percent: z.number(),
  net_c: z.number().int(),
  vat_c: z.number().int(),
  gross_c: z.number().int(),
});

export const invoicePreviewBody = z.object({
  msg_media: z.enum(INVOICE_MEDIA, '_validation_invalid_choice'),
  subject: plainText(MESSAGE_SUBJECT_MAX).default(''),
  /** HTML; pages split by the letter-page separator, at most INVOICE_MAX_PAGES. */
  description: z.string().max(MESSAGE_CONTENT_MAX, '_validation_too_long').default(''),
  invoice_rows_: z.array(invoiceRowInput).max(INVOICE_MAX_ROWS, 'invoice_too_many_rows').default([]),
  /** YYYY-MM-DD; default 14 days ahead, never in the past. */
  date_due: isoDay,
  sms_notify: z.boolean().default(false),
  filter: filterSchema.optional(),
  addrecips: z.array(z.number().int().positive()).max(ADDRECIPS_MAX, '_validation_too_many').default([]),
  /** Previewing recipients added to this sent invoice: its own rows, due date and media; members already invoiced left out. */
  add_to: z.number().int().positive().optional(),
});
export type InvoicePreviewBody = z.infer<typeof invoicePreviewBody>;

export const invoicePreviewReply = messagePreviewReply.extend({
  /** One instance's gross total. */
  amount_total_c: z.number().int(),
  vat_breakdown: z.array(vatBreakdownRow),
  /** Above 9 999 €: save with `confirmed: true`. */
  needs_confirmation: z.boolean(),
  /** The SMS notice's text and parts when sms_notify is on. */
  sms_notice: z.object({ text: z.string(), parts: z.number().int(), recipient_count: z.number().int() }).optional(),
});
export type InvoicePreviewReply = z.infer<typeof invoicePreviewReply>;

export const invoiceSaveBody = invoicePreviewBody.extend({
  /** A draft to update. */
  id: z.number().int().positive().optional(),
  /** Adding recipients to this sent invoice (/invoices/new/{id}): only filter and addrecips are read, plus send. */
  add_to: z.number().int().positive().optional(),
  send: z.boolean().default(false),
  confirmed: z.boolean().default(false),
});
export type InvoiceSaveBody = z.infer<typeof invoiceSaveBody>;

export const invoiceSaveReply = z.object({
  id: z.number().int(),
  /** Waiting for payment: continue at /m/{mooney_id}/method. */
  mooney_id: z.string().optional(),
  queued: z.boolean(),
});

export const invoiceStatus = z.enum(INVOICE_STATUSES);

export const invoiceAggregates = z.object({
  count_total_c: z.number().int(),
  count_open_c: z.number().int(),
  count_overdue_c: z.number().int(),
  count_paid_c: z.number().int(),
  amount_total_c: z.number().int(),
  amount_paid_c: z.number().int(),
  amount_credited_c: z.number().int(),
  amount_cancelled_c: z.number().int(),
  amount_pending_c: z.number().int(),
});

export const invoiceSummary = invoiceAggregates.extend({
  id: z.number().int(),
  subject: z.string(),
  msg_media: z.enum(INVOICE_MEDIA),
  /** The first message's state: draft, paying, sent, cancelled. */
  status: z.enum(['draft', 'paying', 'sent', 'cancelled']),
  amount_c: z.number().int(),
  date_due: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoicesAllQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });
export const invoicesAllReply = z.object({ results: z.array(invoiceSummary), count: z.number().int() });

export const msgStatusRow = z.object({
  medium: z.string(),
  recipient_address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  date_sent: z.string().nullable(),
});

export const invoiceInstance = z.object({
  id: z.number().int(),
  person_id: z.number().int().nullable(),
  name: z.string(),
  kind: z.enum(['invoice', 'credit']),
  credit_of: z.number().int().nullable(),
  invoice_number: z.number().int(),
  /** Compact; show grouped (formatReference / formatRfReference). */
  reference: z.string(),
  date_sent: z.string().nullable(),
  /** The due date in force (a reminder's, else the original). */
  date_due: z.string(),
  date_due_original: z.string(),
  amount_c: z.number().int(),
  amount_open_c: z.number().int(),
  amount_paid_c: z.number().int(),
  amount_credited_c: z.number().int(),
  status_c: invoiceStatus,
  msg_statuses: z.array(msgStatusRow),
});
export type InvoiceInstanceReply = z.infer<typeof invoiceInstance>;

export const invoiceGetQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Only instances in this status. */
  status: invoiceStatus.optional(),
});

export const invoiceReply = invoiceSummary.extend({
  description: z.string(),
  invoice_rows_: z.array(invoiceRow),
  vat_breakdown: z.array(vatBreakdownRow),
  invoice_date: z.string(),
  vat_obliged_checked: z.boolean(),
  is_legacy: z.boolean(),
  sms_notify: z.boolean(),
  filter: z.unknown(),
  addrecips: z.array(z.number().int()),
  price: priceSchema.nullable(),
  mooney_id: z.string().nullable(),
  /** Delivery counts over every round and medium. */
  msg_statuses: msgStatusesSchema,
  /** True while anything is held, queued or sending: the page polls every 5 s. */
  polling: z.boolean(),
  /** Whether recipients can be added (/invoices/new/{id}), and why not (message keys). */
  can_add_recipients: z.boolean(),
  add_recipients_blockers: z.array(z.string()),
  instances: z.array(invoiceInstance),
  instances_count: z.number().int(),
});
export type InvoiceReply = z.infer<typeof invoiceReply>;

/** One recipient's page: /invoices/{id}/person/{person_id}. */
export const invoicePersonQuery = z.object({ person_id: z.coerce.number().int().positive() });

export const invoiceActionType = z.enum(INVOICE_ACTION_TYPES, '_validation_invalid_choice');

/** Credit rows: one amount per invoice row, as typed ("" or "0" for none). */
export const creditRowInput = z.object({ amount: plainText(20) });

export const addActionBody = z.object({
  instance_id: z.number().int().positive(),
  /** reminder and sync_payment are not added by hand: reminders are sent, payments come from the bank. */
  action_type: z.enum(['mark_paid', 'mark_paid_cancel', 'mark_pending', 'mark_cancelled', 'manual_payment', 'credit'], '_validation_invalid_choice'),
  /** manual_payment: signed amount as typed ("-5,00" corrects). */
  amount: plainText(20).optional(),
  comment: plainText(1000).default(''),
  /** credit: one per invoice row, in the invoice's row order. */
  rows: z.array(creditRowInput).max(INVOICE_MAX_ROWS).optional(),
});
export type AddActionBody = z.infer<typeof addActionBody>;

export const invoiceActionRow = z.object({
  id: z.number().int(),
  action_type: invoiceActionType,
  amount_c: z.number().int().nullable(),
  comment: z.string(),
  rows: z.array(invoiceRow).nullable(),
  credit_instance_id: z.number().int().nullable(),
  /** The credit invoice's number, for get_credit_invoice. */
  credit_invoice_number: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  date_due: z.string().nullable(),
  pay_date: z.string().nullable(),
  payer_name: z.string().nullable(),
  archive_id: z.string().nullable(),
  batch_id: z.string().nullable(),
  author: z.string(),
  created_at: z.string(),
});
export type InvoiceActionRow = z.infer<typeof invoiceActionRow>;

export const addActionReply = z.object({ instance: invoiceInstance, action: invoiceActionRow });

export const instanceIdBody = z.object({ instance_id: z.number().int().positive() });
export const instanceActionsReply = z.object({
  instance: invoiceInstance,
  actions: z.array(invoiceActionRow),
  /** Which hand actions are possible now (the page shows only those). */
  allowed: z.array(z.string()),
});

export const fakeBankRowBody = z.object({
  instance_id: z.number().int().positive(),
  /** Optional minus, digits, up to two decimals (comma or point). */
  amount: z.string().trim().regex(/^-?\d{1,9}([.,]\d{1,2})?$/, 'invoice_amount_invalid'),
  pay_date: isoDay,
  payer_name: plainText(200).default(''),
});

export const creditInvoiceBody = z.object({ iinumber: z.number().int().positive() });
export const creditInvoiceReply = z.object({
  instance: invoiceInstance,
  rows: z.array(invoiceRow),
  vat_breakdown: z.array(vatBreakdownRow),
  comment: z.string(),
  /** The invoice it credits. */
  original_invoice_number: z.number().int(),
  invoice_id: z.number().int(),
});

/** Bulk marks over every open instance of an invoice; undone as one batch. */
export const bulkMarkBody = z.object({ id: z.number().int().positive(), action_type: z.enum(['mark_paid', 'mark_cancelled'], '_validation_invalid_choice') });
export const bulkMarkReply = z.object({ batch_id: z.string().nullable(), count: z.number().int() });
export const bulkUndoBody = z.object({ batch_id: z.string().uuid() });
export const bulkUndoReply = z.object({ count: z.number().int() });

/** Reminders (/invoices/reminder/{id}): to the chosen open instances, with a new due date. */
export const reminderBody = z.object({
  id: z.number().int().positive(),
  /** Instances to remind; empty: every overdue or underpaid one. */
  reminder_to_: z.array(z.number().int().positive()).max(100_000).default([]),
  msg_media: z.enum(INVOICE_MEDIA, '_validation_invalid_choice'),
  subject: plainText(MESSAGE_SUBJECT_MAX).default(''),
  description: z.string().max(MESSAGE_CONTENT_MAX, '_validation_too_long').default(''),
  date_due: isoDay,
  send: z.boolean().default(false),
});
export type ReminderBody = z.infer<typeof reminderBody>;
export const reminderPreviewReply = messagePreviewReply.extend({ amount_open_c: z.number().int(), instance_count: z.number().int() });
export const reminderSendReply = z.object({ message_id: z.number().int(), mooney_id: z.string().optional(), queued: z.boolean() });

export const invoiceSearchReply = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      subject: z.string(),
      /** Set when the term matched one instance (number, reference or recipient). */
      instance_id: z.number().int().nullable(),
      person_id: z.number().int().nullable(),
      name: z.string().nullable(),
      invoice_number: z.number().int().nullable(),
      reference: z.string().nullable(),
      sent_at: z.string().nullable(),
    }),
  ),
});

// Reports. Periods are inclusive calendar days; lists page by REPORT_LIST_PAGE_SIZE.
export const reportCriteria = z.object({
  from: isoDay,
  to: isoDay,
  invoice_id: z.array(z.number().int().positive()).max(1000).default([]),
});
export const reportBody = z.object({ criteria: reportCriteria });
export const reportInvoiceRow = invoiceAggregates.extend({
  id: z.number().int(),
  subject: z.string(),
  created_at: z.string(),
  date_due: z.string(),
  vat_breakdown: z.array(vatBreakdownRow),
});
export const reportReply = z.object({ invoices: z.array(reportInvoiceRow), totals: invoiceAggregates, vat_breakdown: z.array(vatBreakdownRow) });

export const pagedPeriodBody = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.number().int().min(0).max(100_000).default(0),
});
/** One invoice or credit invoice in the sales list. */
export const salesRow = z.object({
  instance_id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.number().int(),
  kind: z.enum(['invoice', 'credit']),
  name: z.string(),
  date: z.string(),
  date_due: z.string(),
  reference: z.string(),
  amount_c: z.number().int(),
  vat_breakdown: z.array(vatBreakdownRow),
});
export const salesListReply = z.object({ rows: z.array(salesRow), count: z.number().int(), total_c: z.number().int(), vat_breakdown: z.array(vatBreakdownRow) });

export const receivableRow = z.object({
  instance_id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.number().int(),
  name: z.string(),
  reference: z.string(),
  date_due: z.string(),
  amount_c: z.number().int(),
  amount_open_c: z.number().int(),
  days_overdue: z.number().int(),
});
export const receivablesBody = z.object({ to: isoDay.optional(), page: z.number().int().min(0).max(100_000).default(0) });
export const receivablesReply = z.object({ rows: z.array(receivableRow), count: z.number().int(), total_open_c: z.number().int(), date: z.string() });

export const refsRow = z.object({ reference: z.string(), invoice_number: z.number().int(), name: z.string(), amount_c: z.number().int(), date: z.string(), invoice_id: z.number().int() });
export const refsReply = z.object({ rows: z.array(refsRow), count: z.number().int() });
