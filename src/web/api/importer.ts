import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ImportBody,
  type ImportId,
  importCheckReply,
  importDoneReply,
  importsReply,
  markUndoneReply,
  sheetMetadataReply,
  uploadReply,
} from '../../shared/schemas/importer';
import { api } from './client';

// Importer API: upload a spreadsheet, read a sheet's
// columns with suggested mapping, run the import (dry run first), list imports and
// undo one. Query keys `['importer', verb, params]`; an import or an undo also
// refreshes everything about members.

export {
  type ImportBody,
  type ImportCheck,
  type ImportDone,
  type ImportFieldChange,
  type ImportId,
  type ImportResult,
  type ImportRow,
  type ImportRowChanges,
  type ImportRowError,
  type ImportsReply,
  type MappingItem,
  type MarkUndoneReply,
  type SheetInfo,
  type SheetMetadata,
  type UploadReply,
} from '../../shared/schemas/importer';

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

/** The dry run: counts, errors and the changes to existing members; nothing is saved. */
export function useCheckImport() {
  return useMutation({
    mutationFn: (body: ImportBody) => api.post('importer/importer', { ...body, dry_run: true }, importCheckReply),
  });
}

/** The import itself, in one transaction on the server; the reply's id undoes it. */
export function useRunImport() {
  const invalidate = useInvalidateAfterImport();
  return useMutation({
    mutationFn: (body: ImportBody) => api.post('importer/importer', { ...body, dry_run: false }, importDoneReply),
    onSuccess: () => invalidate(),
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
