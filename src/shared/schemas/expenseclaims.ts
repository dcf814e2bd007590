import { z } from 'zod';
import { EXPENSE_CLAIM_ITEMS_MAX, EXPENSE_COMMENT_MAX, EXPENSE_DESCRIPTION_MAX } from '../constants';
import { EXPENSE_CLAIM_STATUSES } from '../expenseclaims/status';
import { plainText, requiredText } from './common';

// Contract of expense claims (/api/1/expenseclaim/…). Amounts travel as integer cents in
// replies; in requests the claimant types amounts and kilometres as text (decimal comma
// accepted), which the server parses and prices — a client never sends a km or per diem
// amount, so what the rules module computes is what is claimed.

export const expenseClaimStatus = z.enum(EXPENSE_CLAIM_STATUSES, '_validation_invalid_choice');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '_validation_invalid_date');
/** Local date and time 'YYYY-MM-DDTHH:MM' (Finnish time, as typed). */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, '_validation_invalid_date');

const receiptItem = z.object({
  type: z.literal('receipt'),
  date: isoDate,
  /** "12,50" */
  amount: plainText(20).pipe(z.string().min(1, '_validation_field_required')),
  description: requiredText(EXPENSE_DESCRIPTION_MAX),
  /** From POST expenseclaim/upload. */
  receipt_id: z.number().int().positive('expense_receipt_required'),
});
const kmItem = z.object({
  type: z.literal('km'),
  date: isoDate,
  /** Route or place, e.g. "Helsinki–Tampere–Helsinki". */
  location: requiredText(255),
  vehicle: plainText(100).default(''),
  /** "123,4" */
  km: plainText(20).pipe(z.string().min(1, '_validation_field_required')),
  description: plainText(EXPENSE_DESCRIPTION_MAX).default(''),
});
const perDiemItem = z.object({
  type: z.literal('per_diem'),
  started_at: localDateTime,
  returned_at: localDateTime,
  location: requiredText(255),
  description: plainText(EXPENSE_DESCRIPTION_MAX).default(''),
});
export const expenseItemInput = z.discriminatedUnion('type', [receiptItem, kmItem, perDiemItem], '_validation_invalid_choice');
export type ExpenseItemInput = z.infer<typeof expenseItemInput>;

/**
 * POST expenseclaim/save: a new claim, or the claimant's own pending claim (id). Errors of an
 * item are keyed `items.{index}.{field}`, like invoice rows.
 */
export const expenseClaimSaveBody = z.object({
  id: z.number().int().positive().optional(),
  description: requiredText(EXPENSE_DESCRIPTION_MAX),
  /** IBAN as typed; checked and stored compact. */
  account_number: requiredText(50),
  items: z.array(expenseItemInput).min(1, 'expense_items_required').max(EXPENSE_CLAIM_ITEMS_MAX, '_validation_too_many'),
});
export type ExpenseClaimSaveBody = z.infer<typeof expenseClaimSaveBody>;

export const expenseItemReply = z.object({
  id: z.number().int(),
  type: z.enum(['receipt', 'km', 'per_diem']),
  date: z.string(),
  description: z.string(),
  amount_c: z.number().int(),
  receipt: z.object({ id: z.number().int(), url: z.string(), mime: z.string(), pages: z.number().int().nullable() }).nullable(),
  location: z.string().nullable(),
  vehicle: z.string().nullable(),
  /** Kilometres with a decimal point, "12.5". */
  km: z.string().nullable(),
  km_price_c: z.number().int().nullable(),
  rate_year: z.number().int().nullable(),
  /** The tax decision the km or per diem rate comes from. */
  rate_source: z.string().nullable(),
  started_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  per_diem_full: z.number().int().nullable(),
  per_diem_partial: z.number().int().nullable(),
});

export const expenseEventReply = z.object({
  id: z.number().int(),
  kind: z.enum(['created', 'updated', 'status', 'comment']),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  comment: z.string().nullable(),
  author_name: z.string(),
  created_at: z.string(),
});

/**
 * Warnings about the claimant's calendar year (a non-profit's tax-free limits for volunteers,
 * VOLUNTEER_LIMITS): what the year's non-rejected claims add up to with this one, and which
 * limits they exceed.
 */
export const volunteerYearReply = z.object({
  year: z.number().int(),
  per_diem_days: z.number().int(),
  km_c: z.number().int(),
  exceeded: z.array(z.enum(['per_diem_days', 'km_amount'])),
});

export const expenseClaimSummary = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  person_name: z.string(),
  person_account_number: z.string(),
  status: expenseClaimStatus,
  description: z.string(),
  amount_c: z.number().int(),
  item_count: z.number().int(),
  date_min: z.string().nullable(),
  date_max: z.string().nullable(),
  created_at: z.string(),
  date_accepted: z.string().nullable(),
  date_rejected: z.string().nullable(),
  date_paid: z.string().nullable(),
  paid_batch: z.string().nullable(),
});
export type ExpenseClaimSummary = z.infer<typeof expenseClaimSummary>;

export const expenseClaimReply = expenseClaimSummary.extend({
  rejection_reason: z.string().nullable(),
  items: z.array(expenseItemReply),
  /** Comments and status changes, oldest first. */
  events: z.array(expenseEventReply),
  volunteer_year: volunteerYearReply.nullable(),
  /** The statuses update_status may move it to (empty for the claimant). */
  next_statuses: z.array(expenseClaimStatus),
  /** Whether the caller may still change the claim (its claimant, while pending). */
  editable: z.boolean(),
});
export type ExpenseClaimReply = z.infer<typeof expenseClaimReply>;

/** POST expenseclaim/update_status: a rejection needs a comment (expense_comment_required under comment). */
export const expenseUpdateStatusBody = z.object({
  id: z.number().int().positive(),
  status: expenseClaimStatus,
  comment: plainText(EXPENSE_COMMENT_MAX).default(''),
});
export const expenseAddCommentBody = z.object({ id: z.number().int().positive(), comment: requiredText(EXPENSE_COMMENT_MAX) });

/** POST expenseclaim/mark_paid: every accepted claim of the claimant to that account, in one batch. */
export const expenseMarkPaidBody = z.object({ person_id: z.number().int().positive(), account_number: requiredText(50) });
export const expenseMarkPaidReply = z.object({
  count: z.number().int(),
  amount_c: z.number().int(),
  /** YYYYMMDDHHMMSS: the batch's printout is /claim_download_pdf/{person_id}/{account}/paid/{batch}. */
  batch: z.string(),
});

/** A claimant and account with their totals per status (the treasurer's /expenseclaim). */
export const expenseClaimantRow = z.object({
  person_id: z.number().int(),
  person_name: z.string(),
  person_account_number: z.string(),
  counts: z.record(expenseClaimStatus, z.number().int()),
  totals_c: z.record(expenseClaimStatus, z.number().int()),
  latest_at: z.string(),
});
export const expenseClaimantsQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });
export const expenseClaimantsReply = z.object({ results: z.array(expenseClaimantRow), count: z.number().int() });

/** GET expenseclaim/view?person_id&person_account_number: one claimant-account, its claims (not the archived paid ones) and totals. */
export const expenseViewQuery = z.object({ person_id: z.coerce.number().int().positive(), person_account_number: z.string().min(1).max(50) });
export const expenseViewReply = z.object({
  person_id: z.number().int(),
  person_name: z.string(),
  person_account_number: z.string(),
  claims: z.array(expenseClaimSummary),
  totals_c: z.record(expenseClaimStatus, z.number().int()),
  volunteer_year: volunteerYearReply,
});

/** GET expenseclaim/all: the archive (paid claims), newest batch first, paged. */
export const expenseArchiveQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });
export const expenseArchiveReply = z.object({ results: z.array(expenseClaimSummary), count: z.number().int() });

/** POST expenseclaim/mine: the signed-in member's own claims (all statuses), newest first. */
export const expenseMineReply = z.object({
  results: z.array(expenseClaimSummary),
  /** What the member's form needs: help texts, the year's limit state, own name and account on the last claim. */
  km_help: z.string(),
  per_diem_help: z.string(),
  yearly_limit_reached: z.boolean(),
  last_account_number: z.string().nullable(),
});

/** POST expenseclaim/upload (multipart 'file'). */
export const expenseUploadReply = z.object({ id: z.number().int(), url: z.string(), mime: z.string(), pages: z.number().int().nullable(), filename: z.string() });

/** POST expenseclaim/save and what the claimant sees after it. */
export const expenseSaveReply = expenseClaimReply;
