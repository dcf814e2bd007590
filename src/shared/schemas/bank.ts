import { z } from 'zod';
import { requiredText } from './common';
import { BANK_MAX_PAYMENTS } from '../constants';

// The bank payments API (/api/1/invoices/bank/…): statement upload with its dry run, apply,
// undo, the review list of payments that were not booked, assigning and dismissing them, and
// the bank mandate. Amounts in replies are cents (`_c`); dates YYYY-MM-DD.

export const BANK_FORMATS = ['camt054', 'camt053', 'ktl'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];
export const SUGGESTION_REASONS = ['reference_typo', 'message_mentions', 'name_and_amount'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];
export const BANK_PAYMENT_STATES = ['booked', 'suggested', 'unmatched', 'assigned', 'dismissed'] as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '_validation_invalid_date');

/** One credit payment as the statement has it. `key` names it in apply (its archive id). */
export const bankPayment = z.object({
  key: z.string(),
  archive_id: z.string(),
  account: z.string(),
  amount_c: z.number().int(),
  booking_date: z.string(),
  value_date: z.string().nullable(),
  payer_name: z.string(),
  /** Compact: digits, or RF in upper case without spaces; null when the payment has none. */
  reference: z.string().nullable(),
  message: z.string(),
});
export type BankPaymentReply = z.infer<typeof bankPayment>;

/** An open invoice instance a payment goes to, as the review shows it. */
export const bankInstanceRef = z.object({
  instance_id: z.number().int(),
  invoice_id: z.number().int(),
  person_id: z.number().int().nullable(),
  invoice_number: z.number().int(),
  name: z.string(),
  reference: z.string(),
  subject: z.string(),
  amount_open_c: z.number().int(),
  /** What this payment books to it (a combined payment splits by the open amounts). */
  amount_c: z.number().int(),
});
export type BankInstanceRef = z.infer<typeof bankInstanceRef>;

export const matchedPayment = z.object({ payment: bankPayment, kind: z.enum(['exact', 'combined']), instances: z.array(bankInstanceRef) });
export const suggestedPayment = z.object({ payment: bankPayment, instance_id: z.number().int(), reason: z.enum(SUGGESTION_REASONS), instance: bankInstanceRef });

export const dryRun = z.object({
  matched: z.array(matchedPayment),
  suggested: z.array(suggestedPayment),
  unmatched: z.array(bankPayment),
  /** Payments already loaded from an earlier statement (same archive id): nothing is added. */
  duplicates: z.number().int(),
  /** Entries that are not booked credits (debits, pending, INFO). */
  ignored: z.number().int(),
});
export type DryRun = z.infer<typeof dryRun>;

export const bankUploadReply = z.object({
  id: z.number().int(),
  format: z.enum(BANK_FORMATS),
  /** Booked credit payments in the file, and their sum. */
  entries: z.number().int(),
  total_c: z.number().int(),
  /** Credited accounts in the file; those not in the bank mandate are listed apart (a warning). */
  accounts: z.array(z.string()),
  accounts_outside_mandate: z.array(z.string()),
  dry_run: dryRun,
});

export const bankStatementIdBody = z.object({ id: z.number().int().positive() });
/** Apply a dry run: the matched payments are booked, and of the suggestions those whose key is in `accept`. */
export const bankApplyBody = z.object({ id: z.number().int().positive(), accept: z.array(z.string().max(200)).max(BANK_MAX_PAYMENTS).default([]) });
export const bankApplyReply = z.object({ batch_id: z.string(), booked: z.number().int() });
export const bankUndoReply = z.object({ removed: z.number().int() });

export const bankStatementRow = z.object({
  id: z.number().int(),
  format: z.enum(BANK_FORMATS),
  source: z.enum(['upload', 'bank_dir']),
  filename: z.string(),
  accounts: z.array(z.string()),
  entries: z.number().int(),
  total_c: z.number().int(),
  booked: z.number().int(),
  status: z.enum(['dry_run', 'applied', 'undone']),
  author: z.string(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export const bankPageBody = z.object({ page: z.number().int().min(0).max(100_000).default(0) });
export const bankStatementsReply = z.object({ results: z.array(bankStatementRow), count: z.number().int() });

/** A payment of an applied statement that is not booked: waiting for a decision, with its suggestion. */
export const bankReviewRow = bankPayment.extend({
  payment_id: z.number().int(),
  statement_id: z.number().int(),
  state: z.enum(['suggested', 'unmatched']),
  suggestion: z.object({ instance: bankInstanceRef, reason: z.enum(SUGGESTION_REASONS) }).nullable(),
});
export const bankUnmatchedReply = z.object({ results: z.array(bankReviewRow), count: z.number().int(), total_c: z.number().int() });

/** Book a waiting payment to an instance (accepting its suggestion is the same call with the suggested instance). */
export const bankAssignBody = z.object({ payment_id: z.number().int().positive(), instance_id: z.number().int().positive() });
export const bankAssignReply = z.object({ payment_id: z.number().int(), instance_id: z.number().int(), state: z.enum(BANK_PAYMENT_STATES) });
export const bankDismissBody = z.object({ payment_id: z.number().int().positive(), comment: requiredText(1000) });

export const bankMandateRow = z.object({ id: z.number().int(), iban: z.string(), given_on: z.string(), given_by: z.string(), author: z.string(), created_at: z.string() });
export const bankMandateReply = z.object({
  accounts: z.array(bankMandateRow),
  /** 'bank_dir' when BANK_DIR is configured (files are imported automatically), else uploads only. */
  channel: z.enum(['upload', 'bank_dir']),
  last_statement_at: z.string().nullable(),
  /** Accounts are on the mandate but no statement has arrived for BANK_STALE_DAYS days. */
  stale: z.boolean(),
});
export const bankMandateAddBody = z.object({ iban: requiredText(42), given_on: isoDay, given_by: requiredText(200) });
export const bankMandateRemoveBody = z.object({ id: z.number().int().positive() });

export const bankOkReply = z.object({ ok: z.literal(true) });
