import { z } from 'zod';
import { SAVED_FILTER_MAX_CHARS, SAVED_FILTER_NAME_MAX } from '../constants';
import type { Filter } from '../filter/types';
import { requiredText } from './common';
import { filterSchema } from './members';

// Saved filters: named member filters shared within an association.

export const savedFilterReply = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Stored normalised, as every filter the API takes. */
  filter: z.custom<Filter>((v) => Array.isArray(v)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterReply>;
export const savedFiltersReply = z.array(savedFilterReply);

/** Normalised like every filter the API takes (shared/filter), then bounded in size; an empty filter is not worth a name. */
export const savedFilterValue = filterSchema
  .refine((f) => JSON.stringify(f).length <= SAVED_FILTER_MAX_CHARS, 'value_too_large')
  .refine((f) => f.length > 0, 'saved_filter_empty');

export const savedFilterName = requiredText(SAVED_FILTER_NAME_MAX);

export const savedFilterCreateBody = z.object({ name: savedFilterName, filter: savedFilterValue });
export type SavedFilterCreateBody = z.infer<typeof savedFilterCreateBody>;

export const savedFilterRenameBody = z.object({ name: savedFilterName });
export type SavedFilterRenameBody = z.infer<typeof savedFilterRenameBody>;
