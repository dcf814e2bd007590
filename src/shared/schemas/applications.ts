import { z } from 'zod';
import { fieldReply } from './fields';
import { memberReply } from './members';

// Contract of membership applications: the public form (apply_form, apply) and what an
// admin sees of a pending member (GET members/{id}?pending=1, approve).

/** The application variant of the member form: the fields an applicant may fill in, headings kept. */
export const applyFormReply = z.object({ customer_name: z.string(), fields: z.array(fieldReply) });
export type ApplyFormReply = z.infer<typeof applyFormReply>;

export const duplicate = z.object({
  id: z.number().int(),
  fullname_: z.string(),
  reason: z.enum(['email', 'phone', 'name_birthdate']),
});
export type Duplicate = z.infer<typeof duplicate>;

export const applicationMeta = z.looseObject({
  pending: z.boolean(),
  applied_at: z.string().nullable(),
  /** Members the applicant may already be. */
  duplicates: z.array(duplicate),
});

/** One application: the member body with `meta_` telling when it came and whom it may duplicate. */
export const applicationReply = z.looseObject({ id: z.number().int(), fullname_: z.string(), meta_: applicationMeta });
export type ApplicationReply = z.infer<typeof applicationReply>;

/** Whether the approved applicant got the approval email (none without an address). */
export const APPROVAL_MAIL_OUTCOMES = ['sent', 'failed', 'no_email'] as const;

/** POST members/approve: the new member, and in `meta_` what became of the approval email. */
export const approveReply = memberReply.extend({ meta_: z.looseObject({ approval_mail: z.enum(APPROVAL_MAIL_OUTCOMES) }) });
export type ApproveReply = z.infer<typeof approveReply>;
