import { z } from 'zod';
import { plainText, queryFlag, requiredText } from './common';

export const ALLOWED_SENDERS = ['admins_and_board', 'GroupMembers'] as const;
export type AllowedSenders = (typeof ALLOWED_SENDERS)[number];

export const groupReply = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  /** Absent in ordinary members' replies. */
  email: z.string().nullable().optional(),
  allowed_senders: z.enum(ALLOWED_SENDERS),
  /** 'everyone' | 'board' for the built-in groups. */
  builtin: z.string().nullable(),
  position: z.number(),
  /** Absent in ordinary members' replies. */
  member_count: z.number().int().optional(),
});
export type Group = z.infer<typeof groupReply>;
export const groupsReply = z.array(groupReply);

export const groupSaveBody = z.object({
  name: plainText(50),
  label: requiredText(255),
  email: plainText(255)
    .transform((s) => s.toLowerCase())
    .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), '_validation_invalid_email')
    .default(''),
  allowed_senders: z.enum(ALLOWED_SENDERS, '_validation_invalid_choice').default('GroupMembers'),
});
export type GroupSaveBody = z.infer<typeof groupSaveBody>;

export const groupsAllQuery = z.object({ get_details: queryFlag, get_everyone_group: queryFlag });

export const groupMailAccessBody = z.object({
  email: plainText(255)
    .transform((s) => s.toLowerCase())
    .pipe(z.string().min(1, { error: '_validation_field_required', abort: true }).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '_validation_invalid_email')),
});
