import { z } from 'zod';
import { MESSAGE_MEDIA } from '../messages/media';
import { PRICE_ROW_TYPES } from '../messages/prices';
import { filterSchema } from './members';
import { plainText } from './common';

// Contract of the messaging engine's calls: announcements (the first kind of message),
// messages, and payment items ("mooney"). Later kinds (invoices, update requests, member
// cards) reuse the price, delivery and payment shapes.

/** Upper bounds of what a composer may send. */
export const MESSAGE_SUBJECT_MAX = 200;
/** HTML of an email or letter; a letter is refused later when it does not fit its pages. */
export const MESSAGE_CONTENT_MAX = 200_000;
export const ADDRECIPS_MAX = 1000;

/** `held`: recipients fixed when the message was sent for payment; queued once it is paid. */
export const DELIVERY_STATUSES = ['held', 'queued', 'sending', 'sent', 'unknown', 'read', 'bounced', 'cancelled', 'confirmed'] as const;
export type DeliveryStatusName = (typeof DELIVERY_STATUSES)[number];

export const MESSAGE_STATUSES = ['draft', 'paying', 'sent', 'cancelled'] as const;

export const msgMedia = z.enum(MESSAGE_MEDIA, '_validation_invalid_choice');

const addrecips = z.array(z.number().int().positive()).max(ADDRECIPS_MAX, '_validation_too_many').default([]);

/** The body every message preview shares. */
export const messagePreviewBody = z.object({
  msg_media: msgMedia,
  subject: plainText(MESSAGE_SUBJECT_MAX).default(''),
  content: z.string().max(MESSAGE_CONTENT_MAX, '_validation_too_long').default(''),
  filter: filterSchema.optional(),
  addrecips,
});
export type MessagePreviewBody = z.infer<typeof messagePreviewBody>;

export const priceRowSchema = z.object({
  type: z.enum(PRICE_ROW_TYPES),
  count: z.number().int(),
  unit_cents: z.number().int(),
  total_cents: z.number().int(),
});

/** A payment item's rows: a message's price rows, or the one row of a balance purchase. */
export const PAYMENT_ROW_TYPES = [...PRICE_ROW_TYPES, 'balance'] as const;
export type PaymentRowType = (typeof PAYMENT_ROW_TYPES)[number];
export const paymentRowSchema = priceRowSchema.extend({ type: z.enum(PAYMENT_ROW_TYPES) });

export const priceSchema = z.object({
  rows: z.array(priceRowSchema),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type PriceReply = z.infer<typeof priceSchema>;

export const unreachableSchema = z.object({
  member_id: z.number().int(),
  /** A message key (reach.ts) */
  reason: z.string(),
  chars: z.array(z.string()).optional(),
});

export const messagePreviewReply = z.object({
  recipient_count: z.number().int(),
  /** The first ones (at most 200) of those the medium cannot reach, with the reason. */
  unreachable: z.array(unreachableSchema),
  unreachable_count: z.number().int(),
  price: priceSchema,
  sms: z
    .object({
      parts: z.number().int(),
      kind: z.enum(['single', 'multi', 'too_long']),
      unsupported_chars: z.array(z.string()),
    })
    .optional(),
  letter: z
    .object({
      pages: z.number().int(),
      unsupported_chars: z.array(z.string()),
      /** Message keys: letter_too_many_pages, letter_page_too_long, … */
      problems: z.array(z.string()),
    })
    .optional(),
  /** The email exactly as it goes out (HTML and its plain-text part), for the preview pane. */
  email: z.object({ html: z.string(), text: z.string() }).optional(),
  /** A saved preview's id for `/msg/letter-preview/{id}…` when the medium is letter or pdf. */
  preview_id: z.number().int().optional(),
  fraudulent_content: z.boolean(),
  /** Findings that only warn (e.g. a password request): shown, not blocking. */
  warnings: z.array(z.string()),
});
export type MessagePreviewReply = z.infer<typeof messagePreviewReply>;

export const announcementSaveBody = messagePreviewBody.extend({
  id: z.number().int().positive().optional(),
  send: z.boolean().default(false),
});
export type AnnouncementSaveBody = z.infer<typeof announcementSaveBody>;

export const announcementSaveReply = z.object({
  id: z.number().int(),
  /** Set when the message waits for payment: continue at /m/{mooney_id}/method. */
  mooney_id: z.string().optional(),
  /** True when the message was queued at once (amount 0 or already paid). */
  queued: z.boolean(),
});

export const msgStatusesSchema = z.record(z.enum(DELIVERY_STATUSES), z.number().int());
export type MsgStatuses = z.infer<typeof msgStatusesSchema>;

export const announcementSummary = z.object({
  id: z.number().int(),
  subject: z.string(),
  msg_media: msgMedia,
  status: z.enum(MESSAGE_STATUSES),
  recipient_count: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  msg_statuses: msgStatusesSchema,
});

export const announcementsAllReply = z.object({
  results: z.array(announcementSummary),
  count: z.number().int(),
});

export const deliveryRow = z.object({
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  name: z.string(),
  recipient_address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  date_sent: z.string().nullable(),
  status_at: z.string(),
});

export const announcementReply = announcementSummary.extend({
  content: z.string(),
  filter: z.unknown(),
  addrecips: z.array(z.number().int()),
  price: priceSchema.nullable(),
  mooney_id: z.string().nullable(),
  msgs: z.array(deliveryRow),
  msgs_count: z.number().int(),
});
export type AnnouncementReply = z.infer<typeof announcementReply>;

export const announcementGetQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });
export const announcementsAllQuery = announcementGetQuery;

export const supersearchBody = z.object({ term: plainText(100) });
export const announcementSearchReply = z.object({
  results: z.array(z.object({ id: z.number().int(), subject: z.string(), sent_at: z.string().nullable() })),
});

export const messageIdBody = z.object({ id: z.number().int().positive() });

export const messageReply = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  content: z.string(),
  msg_media: msgMedia,
  status: z.enum(MESSAGE_STATUSES),
  recipient_count: z.number().int(),
  msg_statuses: msgStatusesSchema,
});

/** A payment item ("mooney"). */
export const mooneyReply = z.object({
  id: z.string(),
  context: z.string(),
  price_rows: z.array(paymentRowSchema),
  discount_cents: z.number().int(),
  original_amount: z.number().int(),
  amount: z.number().int(),
  method: z.enum(['balance', 'online']).nullable(),
  paid: z.boolean(),
  goto: z.string(),
  /** The association's balance now, and whether it covers the original amount. */
  balance_cents: z.number().int(),
  balance_covers: z.boolean(),
});
export type MooneyReply = z.infer<typeof mooneyReply>;

export const mooneySetMethodBody = z.object({ mid: z.string().uuid(), method: z.enum(['balance', 'online'], '_validation_invalid_choice') });
export const mooneyBalancePayBody = z.object({ balance_mid: z.string().uuid() });
export const mooneyPaidReply = z.object({ paid: z.boolean(), goto: z.string() });

// Added with the announcements API (part C):

/** Announcements, and a message's deliveries, per page. */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;

export const announcementCancelReply = z.object({
  /** Deliveries that were still queued and are now cancelled. */
  cancelled: z.number().int(),
});

/** A paid payment item as the log's transaction list shows it (log/all with transactions: true). */
export const mooneyTransaction = z.object({
  id: z.string(),
  /** When it was paid (ISO UTC). */
  at: z.string(),
  context: z.string(),
  /** The message (or other row) it paid for. */
  subject_id: z.number().int().nullable(),
  price_rows: z.array(paymentRowSchema),
  discount_cents: z.number().int(),
  original_amount: z.number().int(),
  amount: z.number().int(),
  /** null: nothing to pay (amount 0). */
  method: z.enum(['balance', 'online']).nullable(),
});
export type MooneyTransaction = z.infer<typeof mooneyTransaction>;
