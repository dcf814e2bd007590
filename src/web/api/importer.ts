import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

// Importer API (spec §7 "Importer", issue 7): upload a spreadsheet, read a sheet's
// columns with suggested mapping, run the import (dry run first), list imports and
// undo one. Query keys `['importer', verb, params]`; an import or an undo also
// refreshes everything about members.

/** The stored upload's id, sent back as it came (the server may use text or numbers). */
const importId = z.union([z.string(), z.number().int()]);
export type ImportId = z.infer<typeof importId>;

const sheetInfo = z.object({ name: z.string(), row_count: z.number().int() });
export type SheetInfo = z.infer<typeof sheetInfo>;

export const uploadReply = z.object({ id: importId, filename: z.string(), sheets: z.array(sheetInfo) });
export type UploadReply = z.infer<typeof uploadReply>;

/** A cell as text; numbers and empty cells are tolerated so a preview never fails on one odd cell. */
const cellText = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((value) => (value === null ? '' : String(value)));

const mappingItem = z.object({ src_col: z.string(), dst_field: z.string() });
export type MappingItem = z.infer<typeof mappingItem>;

export const sheetMetadataReply = z.object({
  src_cols: z.array(z.string()),
  data_rows: z.array(z.array(cellText)),
  row_count: z.number().int(),
  suggested_mapping: z.array(mappingItem),
});
export type SheetMetadata = z.infer<typeof sheetMetadataReply>;

const importError = z.object({
  row: z.number().int(),
  column: z.string().nullable().optional().transform((c) => c ?? null),
  key: z.string(),
});
export type ImportRowError = z.infer<typeof importError>;

/** A value in the dry run's list of changes: readable text (labels, d.M.yyyy), yes/no, or empty. */
const readable = z.union([z.string(), z.boolean(), z.null()]);
const fieldChange = z.object({ field: z.string(), label: z.string(), old: readable, new: readable });
export type ImportFieldChange = z.infer<typeof fieldChange>;

/** What an import would change in one matched member (issue 21.3). */
const rowChanges = z.object({
  row: z.number().int(),
  member_id: z.number().int(),
  name: z.string(),
  name_in_file: z.string(),
  /** The name in the file differs from the member's: skipped unless confirmed. */
  different_person: z.boolean(),
  confirmed: z.boolean().optional().default(false),
  fields: z.array(fieldChange),
});
export type ImportRowChanges = z.infer<typeof rowChanges>;

export const importResultReply = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int().optional().default(0),
  skipped_different_person: z.number().int().optional().default(0),
  errors: z.array(importError),
  /** Dry run: the changes of the first updated rows (the flagged ones always) … */
  changes: z.array(rowChanges).optional().default([]),
  /** … and how many rows would change a member in all. */
  changes_total: z.number().int().optional().default(0),
  import_id: importId.nullable().optional(),
});
export type ImportResult = z.infer<typeof importResultReply>;

const importRow = z.object({
  id: importId,
  filename: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
  person_count: z.number().int(),
  created: z.number().int().optional(),
  updated: z.number().int().optional(),
  undone_at: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importsReply = z.object({ results: z.array(importRow), count: z.number().int() });
export type ImportsReply = z.infer<typeof importsReply>;

export const markUndoneReply = z.object({ restored: z.number().int(), kept: z.number().int() });
export type MarkUndoneReply = z.infer<typeof markUndoneReply>;

/** The mapping value for a column that is not imported. */
export const IGNORE = '_ignore';

/** Stores the file on the server; the reply names its sheets. Errors: 400 `file: upload_error`. */
export function useUploadImportFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload('importer/upload', form, uploadReply);
    },
  });
}

/** Columns, the first rows and suggested mapping of one sheet (`sheet` null: the first). */
export function useSheetMetadata(id: ImportId | null, sheet: string | null) {
  const body = { id, ...(sheet === null ? {} : { sheet }) };
  return useQuery({
    queryKey: ['importer', 'get_sheet_metadata', body] as const,
    queryFn: () => api.post('importer/get_sheet_metadata', body, sheetMetadataReply),
    enabled: id !== null,
    // The stored file does not change; the mapping the user is making must not be reset by a refetch.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export interface ImportBody {
  id: ImportId;
  sheet?: string;
  mapping: MappingItem[];
  key_field: string;
  dry_run: boolean;
  skip_error_rows?: boolean;
  /** Rows the user confirmed although the name differs from the matched member's. */
  confirm_rows?: number[];
}

/** The mapping value (and key field) for the member number, the export's first column. */
export const MEMBER_NUMBER = 'id';

/** Members and groups change after a real import or an undo. */
function useInvalidateAfterImport() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['members'] }),
      queryClient.invalidateQueries({ queryKey: ['groups'] }),
      queryClient.invalidateQueries({ queryKey: ['importer', 'all'] }),
    ]);
}

/** A dry run (counts and errors, nothing saved) or the import itself, in one transaction on the server. */
export function useRunImport() {
  const invalidate = useInvalidateAfterImport();
  return useMutation({
    mutationFn: (body: ImportBody) => api.post('importer/importer', body, importResultReply),
    onSuccess: (_reply, body) => (body.dry_run ? undefined : invalidate()),
  });
}

/** One page (0-based) of the imports, newest first. */
export function useImports(page: number) {
  return useQuery({
    queryKey: ['importer', 'all', { page }] as const,
    queryFn: () => api.post('importer/all', { page }, importsReply),
    placeholderData: keepPreviousData,
  });
}

/**
 * Undoes an import: created members are deleted, updated ones get their prior values.
 * 409 `members_undo_conflict` (params count, members) when members changed since;
 * `keep_changed` then leaves those members as they are.
 */
export function useUndoImport() {
  const invalidate = useInvalidateAfterImport();
  return useMutation({
    mutationFn: ({ id, keepChanged }: { id: ImportId; keepChanged: boolean }) =>
      api.post('importer/mark_undone', { id, ...(keepChanged ? { keep_changed: true } : {}) }, markUndoneReply),
    onSuccess: () => invalidate(),
  });
}
