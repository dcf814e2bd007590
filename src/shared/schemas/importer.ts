import { z } from 'zod';

// Contract of the import wizard: upload a spreadsheet, read a
// sheet's columns with a suggested mapping, run the import (dry run first), list the
// imports and undo one.

/** An upload's id: the UUID the server gives the stored file. */
export const importId = z.string().uuid('_validation_invalid');
export type ImportId = z.infer<typeof importId>;

export const sheetInfo = z.object({ name: z.string(), row_count: z.number().int() });
export type SheetInfo = z.infer<typeof sheetInfo>;

export const uploadReply = z.object({ id: importId, filename: z.string(), sheets: z.array(sheetInfo) });
export type UploadReply = z.infer<typeof uploadReply>;

const sheetName = z.string().max(200);

export const sheetMetadataBody = z.object({ id: importId, sheet: sheetName.optional() });
export type SheetMetadataBody = z.input<typeof sheetMetadataBody>;

export const mappingItem = z.object({ src_col: z.string().max(500), dst_field: z.string().max(100) });
export type MappingItem = z.infer<typeof mappingItem>;

export const sheetMetadataReply = z.object({
  src_cols: z.array(z.string()),
  /** The first rows, each cell as text. */
  data_rows: z.array(z.array(z.string())),
  row_count: z.number().int(),
  suggested_mapping: z.array(mappingItem),
});
export type SheetMetadata = z.infer<typeof sheetMetadataReply>;

export const importBody = z.object({
  id: importId,
  sheet: sheetName.optional(),
  mapping: z.array(mappingItem).max(500),
  key_field: z.string().max(100).default('email'),
  dry_run: z.boolean().default(true),
  skip_error_rows: z.boolean().default(false),
  /** Rows whose name differs from the matched member's, confirmed by the user. */
  confirm_rows: z.array(z.number().int().min(1)).max(100_000).default([]),
});
export type ImportBody = z.input<typeof importBody>;

export const importRowError = z.object({
  row: z.number().int(),
  /** The file's column the error is in. */
  column: z.string(),
  key: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** A value in the dry run's list of changes: readable text (labels, d.M.yyyy), yes/no, or empty. */
const readable = z.union([z.string(), z.boolean(), z.null()]);
export const importFieldChange = z.object({ field: z.string(), label: z.string(), old: readable, new: readable });
export type ImportFieldChange = z.infer<typeof importFieldChange>;

/** What an import would change in one matched member. */
export const importRowChanges = z.object({
  row: z.number().int(),
  member_id: z.number().int(),
  name: z.string(),
  /** The name as the file has it (an empty cell keeps the member's). */
  name_in_file: z.string(),
  /** The name in the file differs from the member's: skipped unless confirmed. */
  different_person: z.boolean(),
  confirmed: z.boolean(),
  fields: z.array(importFieldChange),
});
export type ImportRowChanges = z.infer<typeof importRowChanges>;

const importCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Rows matched to a member whose name differs, not confirmed: left out. */
  skipped_different_person: z.number().int(),
  errors: z.array(importRowError),
});

/** The dry run: the counts, and the changes of the first updated rows (the flagged ones always) … */
export const importCheckReply = importCounts.extend({
  changes: z.array(importRowChanges),
  /** … and how many rows would change a member in all. */
  changes_total: z.number().int(),
});
export type ImportCheck = z.infer<typeof importCheckReply>;

/** The import itself: the counts and the upload's id, for its undo. */
export const importDoneReply = importCounts.extend({ import_id: importId });
export type ImportDone = z.infer<typeof importDoneReply>;

/** POST importer/importer answers a check when `dry_run`, else the import done. */
export const importResultReply = z.union([importCheckReply.strict(), importDoneReply.strict()]);
export type ImportResult = z.infer<typeof importResultReply>;

export const importsBody = z.object({ page: z.number().int().min(0).default(0) });

export const importRow = z.object({
  id: importId,
  filename: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
  person_count: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  undone_at: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importsReply = z.object({ results: z.array(importRow), count: z.number().int() });
export type ImportsReply = z.infer<typeof importsReply>;

export const markUndoneBody = z.object({ id: importId, keep_changed: z.boolean().default(false) });

// Undoing an import is undoing its batch: the same reply as members/undo.
export { undoReply as markUndoneReply, type UndoReply as MarkUndoneReply } from './batches';
