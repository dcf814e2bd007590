import { z } from 'zod';
import { LOG_EVENTS, LOG_MAX_LIMIT, LOG_PAGE_SIZE, type LogEvent } from '../constants';
import { parseIsoDate } from '../finnish/date';
import { batchInfo } from './batches';
import { mooneyTransaction } from './messages';
import { receiptSchema } from './payments';

// Activity log API: POST log/all lists entries newest first,
// GET log/{id} gives one. Site admins only: the log holds personal data.

const eventName = z.enum(LOG_EVENTS as [LogEvent, ...LogEvent[]], '_validation_invalid_choice');
/** A calendar day `YYYY-MM-DD`, read in Europe/Helsinki by the server. */
const day = z.string().refine((s) => parseIsoDate(s) !== null, '_validation_date_invalid');

export const logAllBody = z
  .object({
    /** Page size; LOG_PAGE_SIZE (20) unless given. */
    limit: z.number().int().min(1).max(LOG_MAX_LIMIT).default(LOG_PAGE_SIZE),
    /** 0-based page. */
    page: z.number().int().min(0).max(1_000_000).default(0),
    /**
     * Asks for the payment lists too (transaction_*, receipt_*). Until payments exist they
     * are empty, and all_results never holds transactions (the dashboard's "no transactions").
     */
    transactions: z.boolean().default(false),
    /** One event or a list of events; none means every event. */
    event: z
      .union([eventName, z.array(eventName).max(LOG_EVENTS.length)])
      .optional()
      .transform((v): LogEvent[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
    /** First day shown, inclusive. */
    from: day.optional(),
    /** Last day shown, inclusive. */
    to: day.optional(),
  })
  // Zod runs this even when a day failed above; only two real days can be the wrong way round.
  .refine((b) => !(b.from && b.to && parseIsoDate(b.from) && parseIsoDate(b.to) && b.from > b.to), { path: ['to'], message: 'log_date_range_reversed' });
export type LogAllBody = z.input<typeof logAllBody>;

/**
 * One changed value: the field's name, and the value before and after (any JSON; absent when there was none).
 * Member data also carry the field's label at the time, so a later deleted or renamed field still reads as words.
 */
export const logDatum = z.object({ field: z.string(), label: z.string().optional(), old: z.unknown().optional(), new: z.unknown().optional() });
export type LogDatum = z.infer<typeof logDatum>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const logEntry = z.object({
  id: z.number().int(),
  /** ISO-8601 UTC. */
  at: z.string(),
  event: z.string(),
  /** What the entry is about: `member:12`, `members`, `fields:name`, a settings scope, `session`… */
  context: z.string(),
  data: z.array(logDatum),
  /** Who did it; null for the system, an applicant, or an author since permanently deleted. */
  author: person.nullable(),
  /** Bulk actions and imports share one batch id (undo works on it). */
  batch_id: z.string().nullable(),
  /** The member a `member:{id}` context names, while they exist (in any state). */
  member_: person.nullable(),
  /** GET log/{id} of an entry with a batch: the batch's undo state. */
  batch_: batchInfo.optional(),
});
export type LogEntry = z.infer<typeof logEntry>;

export const logAllReply = z.object({
  all_results: z.array(logEntry),
  all_count: z.number().int(),
  // Payments (only with transactions: true, else empty): paid payment items and receipts.
  transaction_results: z.array(mooneyTransaction),
  transaction_count: z.number().int(),
  transaction_years: z.array(z.number().int()),
  receipt_results: z.array(receiptSchema),
  receipt_count: z.number().int(),
});
export type LogAllReply = z.infer<typeof logAllReply>;
