import { z } from 'zod';
import { fieldReply } from './fields';
import { memberReply } from './members';
import { plainText } from './common';
import { messagePreviewBody, msgStatusesSchema, priceSchema, MESSAGE_STATUSES } from './messages';

// Contract of a member's own data (/edit_me_s, /edit_me_h/{hash}): their values and the
// fields they may see, each with its visibility (1 read-only, 2 editable, 3 required); and of
// update requests (/updreqs): "please check your data" messages with a personal link each.

/** edit_for: a dependant's member id (with guardian emails on, a child whose guardian email is the member's own). */
export const editMeSBody = z.object({ edit_for: z.number().int().positive().optional() });
export const updateMeBody = z.object({ member: z.record(z.string(), z.unknown()), edit_for: z.number().int().positive().optional() });

/** A personal link's token as it appears in /edit_me_h/{hash}. */
const hash = z.string().min(1, '_validation_field_required').max(100, 'edit_link_invalid');
export const editMeHBody = z.object({ hash });
export const updateMeHBody = z.object({ hash, member: z.record(z.string(), z.unknown()) });
export const confirmHBody = z.object({ hash });

/** Someone the member may edit besides themselves (a child whose guardian email is theirs). */
export const dependant = z.object({ id: z.number().int(), fullname_: z.string() });

/**
 * held_: own email/phone changes kept for an admin's check, named without saying why.
 * locked_: fields the member cannot change here although their visibility would allow it
 * (owned by the federation register the member was imported from); shown read-only.
 * dependants_: the members this one may also edit (edit_for), session form only.
 * link_: on the link form, when the link stops working and whether it came with an update request;
 * eclaim: whether expense claims are on, so the form offers them (the link opens them too).
 */
export const editMeReply = z.object({
  member: memberReply,
  fields: z.array(fieldReply),
  held_: z.array(z.string()).optional(),
  locked_: z.array(z.string()).optional(),
  dependants_: z.array(dependant).optional(),
  link_: z.object({ expires_at: z.string(), updreq: z.boolean(), eclaim: z.boolean().optional() }).optional(),
});
export type EditMeReply = z.infer<typeof editMeReply>;

/** send_edit_links: the same answer whether or not the address is known. */
export const sendEditLinksBody = z.object({ email: plainText(255) });
export const sendEditLinksReply = z.object({ sent: z.literal(true) });
export const confirmHReply = z.object({ confirmed: z.literal(true) });

// ---- Update requests (admin) ----

/** An update request goes by email or SMS. */
export const UPDREQ_MEDIA = ['email', 'sms'] as const;
const updreqMedia = z.enum(UPDREQ_MEDIA, '_validation_invalid_choice');

export const updreqPreviewBody = messagePreviewBody.extend({ msg_media: updreqMedia });
export type UpdreqPreviewBody = z.infer<typeof updreqPreviewBody>;
export const updreqSaveBody = updreqPreviewBody.extend({
  id: z.number().int().positive().optional(),
  send: z.boolean().default(false),
});
export type UpdreqSaveBody = z.infer<typeof updreqSaveBody>;

/**
 * One recipient's state (updreq_instance.status): held/queued/sending before it leaves;
 * pending once sent; read when the link (or the web view) was opened; updated when the member
 * saved changes; confirmed when they confirmed without changes; bounced; unknown; cancelled.
 */
export const UPDREQ_INSTANCE_STATUSES = ['held', 'queued', 'sending', 'pending', 'read', 'updated', 'confirmed', 'bounced', 'unknown', 'cancelled'] as const;
export type UpdreqInstanceStatus = (typeof UPDREQ_INSTANCE_STATUSES)[number];
export const updreqStatusesSchema = z.record(z.enum(UPDREQ_INSTANCE_STATUSES), z.number().int());

export const updreqSummary = z.object({
  id: z.number().int(),
  subject: z.string(),
  msg_media: updreqMedia,
  status: z.enum(MESSAGE_STATUSES),
  recipient_count: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** 2 when sent after UPDREQ_V2_FROM (always, for requests sent here). */
  version: z.number().int(),
  /** Every instance status with its count (0 when none). */
  updreq_statuses: updreqStatusesSchema,
  /** Share of sent instances answered (updated or confirmed), 0–100, for the list and the dashboard. */
  response_rate: z.number(),
});
export type UpdreqSummary = z.infer<typeof updreqSummary>;

export const updreqsAllReply = z.object({ results: z.array(updreqSummary), count: z.number().int() });

export const updreqInstance = z.object({
  /** The delivery's id. */
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  name: z.string(),
  recipient_address: z.string(),
  status: z.enum(UPDREQ_INSTANCE_STATUSES),
  status_at: z.string(),
});

export const updreqReply = updreqSummary.extend({
  content: z.string(),
  filter: z.unknown(),
  addrecips: z.array(z.number().int()),
  price: priceSchema.nullable(),
  mooney_id: z.string().nullable(),
  /** The deliveries' own statuses too, for the shared delivery counts. */
  msg_statuses: msgStatusesSchema,
  instances: z.array(updreqInstance),
  instances_count: z.number().int(),
});
export type UpdreqReply = z.infer<typeof updreqReply>;

export const updreqSaveReply = z.object({
  id: z.number().int(),
  mooney_id: z.string().optional(),
  queued: z.boolean(),
});

export const updreqSearchReply = z.object({
  results: z.array(z.object({ id: z.number().int(), subject: z.string(), sent_at: z.string().nullable() })),
});
