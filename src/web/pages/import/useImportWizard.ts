import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFields } from '../../api/fields';
import { useGroups } from '../../api/groups';
import { isApiError } from '../../api/errors';
import { type ImportBody, type ImportCheck, type ImportDone, IGNORE, type MappingItem, useCheckImport, useRunImport, useSheetMetadata } from '../../api/importer';
import {
  clearWizard,
  destinations as destinationsOf,
  effectiveKeyField,
  EMPTY_WIZARD,
  initialMapping,
  keyFieldChoices,
  loadWizard,
  type SavedWizard,
  saveWizard,
  type UploadedFile,
  type WizardStep,
} from './wizardModel';

// The import wizard's state: where the user is, the file and its mapping, the dry run and the
// import. The progress is kept in the tab (sessionStorage), so a reload or a detour to add a
// field resumes it.

const sameColumns = (mapping: readonly MappingItem[], cols: readonly string[]) =>
  mapping.length === cols.length && mapping.every((m, i) => m.src_col === cols[i]);

export function useImportWizard() {
  const { t } = useTranslation();
  const fields = useFields();
  const groups = useGroups();
  const [initial] = useState(() => loadWizard());
  const [state, setState] = useState<SavedWizard>(initial ?? EMPTY_WIZARD);
  const [resumedFrom, setResumedFrom] = useState<string | null>(initial?.upload?.filename ?? null);
  const [checkResult, setCheckResult] = useState<ImportCheck | null>(null);
  const [done, setDone] = useState<ImportDone | null>(null);
  const [undone, setUndone] = useState(false);
  const [skipErrorRows, setSkipErrorRows] = useState(false);
  /** Rows flagged as possibly a different person that the user ticked to import anyway. */
  const [confirmRows, setConfirmRows] = useState<ReadonlySet<number>>(new Set());
  /** The stored file disappeared (cleaned up, or another tab finished with it): the user picks it again. */
  const [fileMissing, setFileMissing] = useState(false);
  const check = useCheckImport();
  const run = useRunImport();

  const { upload } = state;
  const sheet = upload && upload.sheets.length > 1 ? (state.sheet ?? upload.sheets[0]?.name ?? null) : null;
  const metadata = useSheetMetadata(upload?.id ?? null, sheet);
  const known = useMemo(() => destinationsOf(fields.data ?? [], groups.data ?? [], t('import.member_number'), t('import.federation_ref')), [fields.data, groups.data, t]);

  // The user's mapping when it fits this sheet, else the suggestion; destinations that no longer exist become "Ohita".
  const mapping = useMemo((): MappingItem[] | null => {
    const meta = metadata.data;
    if (!meta || !fields.data || !groups.data) return null;
    const names = new Set(known.map((d) => d.name));
    const base = state.mapping && sameColumns(state.mapping, meta.src_cols) ? state.mapping : initialMapping(meta.src_cols, meta.suggested_mapping, known);
    return base.map((m) => (m.dst_field === IGNORE || names.has(m.dst_field) ? m : { ...m, dst_field: IGNORE }));
  }, [metadata.data, fields.data, groups.data, known, state.mapping]);

  const keyField = mapping ? effectiveKeyField(state.keyField, keyFieldChoices(mapping, known)) : state.keyField;

  // Unfinished work survives a reload; a finished import leaves nothing to resume.
  useEffect(() => {
    if (done || state.upload === null) clearWizard();
    else saveWizard(state);
  }, [state, done]);

  const go = (step: WizardStep) => {
    setState((s) => ({ ...s, step }));
    // The "continuing" note has done its job once the user moves on.
    setResumedFrom(null);
  };
  const update = (patch: Partial<SavedWizard>) => setState((s) => ({ ...s, ...patch }));

  const startOver = () => {
    clearWizard();
    setState(EMPTY_WIZARD);
    setResumedFrom(null);
    setCheckResult(null);
    setDone(null);
    setUndone(false);
    setSkipErrorRows(false);
    setConfirmRows(new Set());
    setFileMissing(false);
    check.reset();
    run.reset();
  };

  const body = (dryRun: boolean): ImportBody | null => {
    if (!upload || !mapping) return null;
    return {
      id: upload.id,
      ...(sheet === null ? {} : { sheet }),
      mapping,
      key_field: keyField,
      dry_run: dryRun,
      ...(!dryRun && skipErrorRows ? { skip_error_rows: true } : {}),
      // The dry run counts every flagged row as skipped; the confirmations go with the import.
      ...(!dryRun && confirmRows.size > 0 ? { confirm_rows: [...confirmRows] } : {}),
    };
  };

  const forgetFile = () => {
    setFileMissing(true);
    setCheckResult(null);
    check.reset();
    setState((s) => ({ ...s, step: 1, upload: null, sheet: null, mapping: null }));
  };

  const runCheck = () => {
    const b = body(true);
    if (!b) return;
    run.reset();
    check.mutate(b, {
      onSuccess: (result) => {
        setCheckResult(result);
        if (result.errors.length === 0) setSkipErrorRows(false);
        // A confirmation holds only for a row that is still flagged in the new check.
        const flagged = new Set(result.changes.filter((c) => c.different_person).map((c) => c.row));
        setConfirmRows((rows) => new Set([...rows].filter((row) => flagged.has(row))));
        go(3);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 404) forgetFile();
      },
    });
  };

  const runImport = () => {
    const b = body(false);
    if (!b) return;
    run.mutate(b, {
      onSuccess: (result) => {
        setDone(result);
        setResumedFrom(null);
      },
    });
  };

  const uploaded = (next: UploadedFile) => {
    setResumedFrom(null);
    setFileMissing(false);
    setCheckResult(null);
    setConfirmRows(new Set());
    check.reset();
    update({ upload: next, sheet: null, mapping: null });
  };

  /** Ticks or unticks a row flagged as possibly a different person. */
  const confirmRow = (row: number, on: boolean) =>
    setConfirmRows((rows) => {
      const next = new Set(rows);
      if (on) next.add(row);
      else next.delete(row);
      return next;
    });

  return {
    fields,
    groups,
    state,
    upload,
    sheet,
    metadata,
    known,
    mapping,
    keyField,
    resumedFrom,
    checkResult,
    done,
    undone,
    setUndone,
    skipErrorRows,
    setSkipErrorRows,
    confirmRows,
    confirmRow,
    fileMissing,
    check,
    run,
    go,
    update,
    startOver,
    forgetFile,
    runCheck,
    runImport,
    uploaded,
  };
}
