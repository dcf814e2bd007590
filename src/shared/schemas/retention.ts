import { z } from 'zod';
import { requiredText } from './common';

// Retention and accounting data: what is due, the review list, the clean-up of whole
// accounting years and revealing who a pseudonym stood for.

/** GET settings/retention_due (site admins). */
export const retentionDueReply = z.object({
  removed_months: z.number().int(),
  inactive_years: z.number().int(),
  removed_due_now: z.number().int(),
  removed_due_soon: z.number().int(),
  removed_held: z.number().int(),
  inactive_review: z.number().int(),
  last_run: z
    .object({ day: z.string(), started_at: z.string(), finished_at: z.string().nullable(), result: z.record(z.string(), z.unknown()).nullable() })
    .nullable(),
});
export type RetentionDueReply = z.infer<typeof retentionDueReply>;

/** GET settings/retention_review: inactive members to review, oldest first. */
export const retentionReviewReply = z.object({
  inactive_years: z.number().int(),
  members: z.array(z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), since: z.string() })),
});
export type RetentionReviewReply = z.infer<typeof retentionReviewReply>;

/** POST settings/clean_accounting_data: years up to and including `period`. */
export const cleanAccountingBody = z.object({
  period: z.number('_validation_invalid_choice').int('_validation_invalid_choice'),
  dry_run: z.boolean().default(false),
});
export type CleanAccountingBody = z.input<typeof cleanAccountingBody>;

export const cleanCounts = z.object({
  invoices: z.number().int(),
  invoice_instances: z.number().int(),
  invoice_actions: z.number().int(),
  bank_payments: z.number().int(),
  expense_claims: z.number().int(),
  receipt_files: z.number().int(),
  pseudonyms: z.number().int(),
});
export type CleanCounts = z.infer<typeof cleanCounts>;
export const CLEAN_KINDS = Object.keys(cleanCounts.shape) as (keyof CleanCounts)[];

export const cleanAccountingReply = z.object({ period: z.number().int(), dry_run: z.boolean(), counts: cleanCounts });
export type CleanAccountingReply = z.infer<typeof cleanAccountingReply>;

/** POST settings/reveal_pseudonym: an auditor's question, answered to a site admin and logged. */
export const revealPseudonymBody = z.object({ pseudonym: requiredText(100) });
export const revealPseudonymReply = z.object({
  pseudonym: z.string(),
  created_at: z.string(),
  member_id: z.number().int(),
  name: z.string(),
  addresses: z.array(z.string()),
  emails: z.array(z.string()),
  phone: z.string().nullable(),
  accounts: z.array(z.string()),
});
