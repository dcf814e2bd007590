import { z } from 'zod';
import { filterSchema } from './members';

// Contract of the bulk actions on a filtered set of members: bulk edit, remove, restore
// and permanent delete. Each but the permanent delete is an undoable batch.

export const filterBody = z.object({ filter: filterSchema.optional() });

/** `clear`: the fields to empty; an empty value elsewhere is refused, so nothing is cleared by accident. */
export const bulkUpdateBody = z.object({
  filter: filterSchema.optional(),
  data: z.record(z.string(), z.unknown()).default({}),
  clear: z.array(z.string().max(100)).max(500).default([]),
});
export type BulkUpdateBody = z.input<typeof bulkUpdateBody>;

/** How many members a bulk action would touch, with a few names. */
export const bulkGetReply = z.object({
  count: z.number().int(),
  sample: z.array(z.object({ id: z.number().int(), fullname_: z.string() })),
});
export type BulkGetReply = z.infer<typeof bulkGetReply>;

/** A bulk edit, remove or restore: its batch (for undo) and how many members it touched. */
export const bulkReply = z.object({ batch_id: z.string(), count: z.number().int() });
export type BulkReply = z.infer<typeof bulkReply>;

/** A permanent delete: no batch, it cannot be undone. */
export const countReply = z.object({ count: z.number().int() });
