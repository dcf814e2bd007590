import { z } from 'zod';

// Undoable batches: bulk edit, bulk remove/restore, a member's delete
// and imports. POST members/batches lists the latest (admin, 20 a page); the log entry of
// a batch carries the same state, so both places can offer "Kumoa" while undo is possible.

export const BATCH_PAGE_SIZE = 20;

export const batchesBody = z.object({ page: z.number().int().min(0).max(100_000).default(0) });
export type BatchesBody = z.input<typeof batchesBody>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const batchChange = z.object({
  field: z.string(),
  /** The field's or group's label (the name when it no longer exists). */
  label: z.string(),
  /** Readable new value: dropdown labels, true/false for checkboxes, flags and groups; null = cleared. */
  new: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

export const batchInfo = z.object({
  batch_id: z.string(),
  /** bulkupdate | bulkremove | bulkrestore | delete | import */
  kind: z.string(),
  created_at: z.string(),
  author: person.nullable(),
  member_count: z.number().int(),
  undone_at: z.string().nullable(),
  undone_by: person.nullable(),
  /** Not undone yet, and still has members to put back. */
  can_undo: z.boolean(),
  /** The log entry that recorded the batch (/log/{id}). */
  log_id: z.number().int().nullable(),
  summary: z.object({
    changes: z.array(batchChange),
    /** A single delete: the member (while they exist). */
    member: person.nullable(),
    /** An import: its file name. */
    filename: z.string().nullable(),
  }),
});
export type BatchInfo = z.infer<typeof batchInfo>;

export const batchesReply = z.object({ results: z.array(batchInfo), count: z.number().int() });
export type BatchesReply = z.infer<typeof batchesReply>;

/** POST members/undo: puts a batch's "before" values back; `keep_changed` leaves members changed since as they are. */
export const undoBody = z.object({ batch_id: z.string().uuid('_validation_invalid'), keep_changed: z.boolean().default(false) });
export type UndoBody = z.input<typeof undoBody>;

export const undoReply = z.object({ batch_id: z.string(), restored: z.number().int(), kept: z.number().int() });
export type UndoReply = z.infer<typeof undoReply>;
