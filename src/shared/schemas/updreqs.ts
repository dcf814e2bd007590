import { z } from 'zod';
import { fieldReply } from './fields';
import { memberReply } from './members';

// Contract of a member's own data (/edit_me_s): their values and the fields they may see,
// each with its visibility (1 read-only, 2 editable, 3 required).

export const updateMeBody = z.object({ member: z.record(z.string(), z.unknown()) });

/** held_: own email/phone changes kept for an admin's check, named without saying why. */
export const editMeReply = z.object({ member: memberReply, fields: z.array(fieldReply), held_: z.array(z.string()).optional() });
export type EditMeReply = z.infer<typeof editMeReply>;
