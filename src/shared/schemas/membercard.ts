import { z } from 'zod';
import { MEMBERCARD_ASPECTS, MEMBERCARD_EXTRA_TEXT_MAX, MEMBERCARD_FIELDS_MAX } from '../constants';
import { plainText } from './common';
import { msgStatusesSchema, priceSchema, MESSAGE_STATUSES } from './messages';
import { filterSchema } from './members';

// Contract of member cards: the design (settings scope 'membercard' and its two images), the
// card messages (/membercard), the public card page (/c/{token}) and the key the offline
// check (/c/verify) uses.

/** settings/save {scope_: 'membercard'}: which groups get a card, what it shows and how. */
export const membercardSettings = z.object({
  scope_: z.literal('membercard'),
  /** Group ids; at least one. */
  membercard_groups: z.array(z.number().int().positive()).min(1, 'settings_membercard_groups_required').max(200, '_validation_too_many'),
  /** Field names shown besides the name (always shown); member_number and member_since are allowed too. */
  membercard_fields: z.array(z.string().min(1).max(60)).max(MEMBERCARD_FIELDS_MAX, '_validation_too_many').default([]),
  /** Field labels printed before the values. */
  membercard_labels: z.boolean().default(true),
  membercard_aspect: z.enum(MEMBERCARD_ASPECTS, '_validation_invalid_choice').default('landscape'),
  membercard_extra_text: plainText(MEMBERCARD_EXTRA_TEXT_MAX).default(''),
  /** Image ids from membercard/upload, or null for none. */
  membercard_logo: z.number().int().positive().nullable().default(null),
  membercard_bgimage: z.number().int().positive().nullable().default(null),
  /** The day a season's cards end, MM-DD (12-31: the calendar year). */
  membercard_season_end: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, '_validation_invalid_date')
    .default('12-31'),
});
export type MembercardSettings = z.infer<typeof membercardSettings>;
export const MEMBERCARD_SETTING_KEYS = [
  'membercard_groups',
  'membercard_fields',
  'membercard_labels',
  'membercard_aspect',
  'membercard_extra_text',
  'membercard_logo',
  'membercard_bgimage',
  'membercard_season_end',
] as const;

/** POST membercard/upload/{logo|bgimage} (multipart, one file 'file'). */
export const MEMBERCARD_IMAGE_KINDS = ['logo', 'bgimage'] as const;
export const membercardUploadParams = z.object({ kind: z.enum(MEMBERCARD_IMAGE_KINDS, '_validation_invalid_choice') });
export const membercardUploadReply = z.object({ id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() });

/** What a card shows: the same for the settings preview and the card page. */
export const cardFace = z.object({
  association: z.string(),
  logo_url: z.string().nullable(),
  bg_url: z.string().nullable(),
  aspect: z.enum(MEMBERCARD_ASPECTS),
  labels: z.boolean(),
  /** The member's full name. */
  name: z.string(),
  rows: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Last day valid, YYYY-MM-DD. */
  valid_until: z.string(),
  extra_text: z.string(),
});
export type CardFace = z.infer<typeof cardFace>;

/** GET /api/1/membercard/card/{token}: public. */
export const CARD_STATUSES = ['valid', 'expired', 'replaced'] as const;
export const publicCardReply = z.object({
  face: cardFace,
  status: z.enum(CARD_STATUSES),
  /** The signed claim (claim.ts); the QR code holds `{verify_url}#{claim}`. */
  claim: z.string(),
  verify_url: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});
export type PublicCardReply = z.infer<typeof publicCardReply>;

/** GET /api/1/membercard/key: public, stable; the verify page keeps it for offline checks. */
export const membercardKeyReply = z.object({ host: z.string(), association: z.string(), alg: z.literal('Ed25519'), public_key: z.string() });

/** Card messages: SMS (the default) or email to the design's groups (or hand-picked members of them). */
export const MEMBERCARD_MEDIA = ['sms', 'email'] as const;
export const membercardPreviewBody = z.object({
  msg_media: z.enum(MEMBERCARD_MEDIA, '_validation_invalid_choice').default('sms'),
  /** Narrows the design's groups (optional; same filter editor as elsewhere). */
  filter: filterSchema.optional(),
  addrecips: z.array(z.number().int().positive()).max(1000, '_validation_too_many').default([]),
});
export const membercardSaveBody = membercardPreviewBody.extend({ send: z.boolean().default(true) });
export type MembercardSaveBody = z.infer<typeof membercardSaveBody>;
export const membercardSaveReply = z.object({ id: z.number().int(), mooney_id: z.string().optional(), queued: z.boolean() });

/** A member's card: none sent, sent (link not opened yet), opened, expired, replaced by a newer one. */
export const MEMBER_CARD_STATUSES = ['none', 'sent', 'opened', 'expired'] as const;

export const membercardSummary = z.object({
  id: z.number().int(),
  msg_media: z.enum(MEMBERCARD_MEDIA),
  status: z.enum(MESSAGE_STATUSES),
  recipient_count: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  msg_statuses: msgStatusesSchema,
  /** Cards of this message opened at least once. */
  opened_count: z.number().int(),
});
export const membercardsAllReply = z.object({ results: z.array(membercardSummary), count: z.number().int() });

export const membercardReply = membercardSummary.extend({
  price: priceSchema.nullable(),
  mooney_id: z.string().nullable(),
  valid_until: z.string().nullable(),
  cards: z.array(
    z.object({
      delivery_id: z.number().int(),
      member_id: z.number().int().nullable(),
      name: z.string(),
      recipient_address: z.string(),
      delivery_status: z.string(),
      card_status: z.enum(MEMBER_CARD_STATUSES),
      opened_at: z.string().nullable(),
    }),
  ),
  cards_count: z.number().int(),
});
export type MembercardReply = z.infer<typeof membercardReply>;
