import { z } from 'zod';
import { fieldReply } from './fields';

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
