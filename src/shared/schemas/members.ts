import { z } from 'zod';
import { MEMBER_CHUNK_MAX, MEMBER_OFFSET_MAX, MEMBER_PAGE_SIZES, MEMBER_PAGE_SIZE_DEFAULT } from '../constants';
import { normalizeFilter } from '../filter/normalize';
import { filterLimitError } from '../filter/limits';
import type { Filter } from '../filter/types';

// Contract of the members API.

/** Any JSON the client sends as a filter is normalised before use. */
export const filterSchema = z
  .unknown()
  .superRefine((v, ctx) => {
    // Bounded before normalising: every call that takes a filter refuses an oversized one.
    const key = filterLimitError(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  })
  .transform((v): Filter => normalizeFilter(v ?? []));

export const memberStatsBody = z.object({
  filter: filterSchema.optional(),
  deleted: z.boolean().default(false),
  pending: z.boolean().default(false),
});

export const memberStatsReply = z.object({
  stats: z.object({
    result_count: z.number().int(),
    active_count: z.number().int(),
    inactive_count: z.number().int(),
    result_application_count: z.number().int(),
  }),
});
export type MemberStatsReply = z.infer<typeof memberStatsReply>;

export const sortSchema = z.object({ field: z.string().min(1).max(60), dir: z.enum(['asc', 'desc']).default('asc') });

export const getResultsBody = z.object({
  filter: filterSchema.optional(),
  deleted: z.boolean().default(false),
  pending: z.boolean().default(false),
  fetch_msg_stats: z.boolean().default(false),
  page: z.number().int().min(0).default(0),
  page_size: z
    .number()
    .int()
    .refine((n) => (MEMBER_PAGE_SIZES as readonly number[]).includes(n), '_validation_invalid_choice')
    .default(MEMBER_PAGE_SIZE_DEFAULT),
  /** For virtualised "everyone" lists: rows from `offset`, `limit` at a time (overrides page). */
  offset: z.number().int().min(0).max(MEMBER_OFFSET_MAX).optional(),
  limit: z.number().int().min(1).max(MEMBER_CHUNK_MAX).optional(),
  sort: sortSchema.default({ field: 'lastname', dir: 'asc' }),
  /** Columns to return besides id and names; default email and phone. */
  columns: z.array(z.string().max(60)).max(100).default(['email', 'phone']),
}).refine((b) => b.page * b.page_size <= MEMBER_OFFSET_MAX, { message: 'value_too_large', path: ['page'] });
export type GetResultsBody = z.infer<typeof getResultsBody>;

/** One list row: id, names and the requested columns, values in API form. */
export const memberRow = z.looseObject({ id: z.number().int(), firstname: z.string(), lastname: z.string(), fullname_: z.string() });
export type MemberRow = z.infer<typeof memberRow>;

export const getResultsReply = z.object({
  results: z.array(memberRow),
  stats: z.object({ result_count: z.number().int(), result_application_count: z.number().int() }),
});
export type GetResultsReply = z.infer<typeof getResultsReply>;

export const searchBody = z.object({
  term: z.string().max(100),
  deleted: z.boolean().default(false),
  show_all: z.boolean().default(false),
});

/** A search hit shows names and contact data only. */
export const searchHit = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  fullname_: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;
export const searchReply = z.object({ results: z.array(searchHit), more: z.boolean() });
export type SearchReply = z.infer<typeof searchReply>;

/** A full member as the API presents it; custom fields and group flags by name. */
export type MemberBody = Record<string, unknown>;

export const memberSaveBody = z
  .record(z.string(), z.unknown())
  .transform((r) => r as MemberBody);

/** A member as the API presents it: fixed fields, custom fields and group flags by name. */
export const memberReply = z.looseObject({ id: z.number().int(), fullname_: z.string() });
export type MemberReply = z.infer<typeof memberReply>;

export const idBody = z.object({ id: z.number().int().positive() });

/** A single delete is an undoable batch. */
export const deleteMemberReply = z.object({ batch_id: z.string() });
export type DeleteMemberReply = z.infer<typeof deleteMemberReply>;

export interface MemberMeta {
  deleted: boolean;
  pending: boolean;
}

export const historyEntry = z.object({
  id: z.number(),
  context: z.string(),
  data: z.array(z.object({ field: z.string(), label: z.string(), old: z.unknown(), new: z.unknown() })),
  author: z.string().nullable(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyReply = z.array(historyEntry);
