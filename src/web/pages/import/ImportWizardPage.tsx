import { Alert, Box, Button, Group, Stack, Stepper, Title } from '@mantine/core';
import { IconInfoCircle, IconList } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFields } from '../../api/fields';
import { useGroups } from '../../api/groups';
import { isApiError } from '../../api/errors';
import { type ImportBody, type ImportCheck, type ImportDone, IGNORE, type MappingItem, useCheckImport, useRunImport, useSheetMetadata } from '../../api/importer';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { PATHS } from '../../routes';
import { StepFields } from './StepFields';
import { StepFile } from './StepFile';
import { StepMapping } from './StepMapping';
import { StepResult } from './StepResult';
import { UndoImportModal, type UndoTarget, undoneText } from './UndoImportModal';
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
  WIZARD_STEPS,
  type WizardStep,
} from './wizardModel';

// The import wizard (spec §2 /members/import; issue 7): 1 check fields, 2 choose the
// file, 3 map columns, 4 dry run → import → result with undo. The progress is kept in
// the tab (sessionStorage), so a reload or a detour to add a field resumes it.

const STEP_KEYS = ['import.step_fields', 'import.step_file', 'import.step_mapping', 'import.step_result'] as const;
const STEP_HEADING_ID = 'import-step-title';

const sameColumns = (mapping: readonly MappingItem[], cols: readonly string[]) =>
  mapping.length === cols.length && mapping.every((m, i) => m.src_col === cols[i]);

/** `/members/import` */
export function ImportWizardPage() {
  const { t } = useTranslation();
  const { customer_name } = useCurrentSession();
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
  const [undoTarget, setUndoTarget] = useState<UndoTarget | null>(null);
  /** The stored file disappeared (cleaned up, or another tab finished with it): the user picks it again. */
  const [fileMissing, setFileMissing] = useState(false);
  const check = useCheckImport();
  const run = useRunImport();

  const { upload } = state;
  const sheet = upload && upload.sheets.length > 1 ? (state.sheet ?? upload.sheets[0]?.name ?? null) : null;
  const metadata = useSheetMetadata(upload?.id ?? null, sheet);
  const known = useMemo(() => destinationsOf(fields.data ?? [], groups.data ?? [], t('import.member_number')), [fields.data, groups.data, t]);

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

  const running = run.isPending;
  const guard = useUnsavedChangesGuard(state.upload !== null && done === null, {
    title: t('import.leave_title'),
    text: running ? t('import.leave_text_running') : t('import.leave_text'),
    stay: t('import.leave_stay'),
    leave: t('import.leave'),
  });

  // After a step change focus goes to what the new step is about: its first error or result, else its heading.
  const focusKey = `${String(state.step)}-${done ? 'done' : ''}-${undone ? 'undone' : ''}`;
  const lastFocusKey = useRef(focusKey);
  useEffect(() => {
    if (lastFocusKey.current === focusKey) return;
    lastFocusKey.current = focusKey;
    const target = document.querySelector<HTMLElement>('[data-step-focus]') ?? document.getElementById(STEP_HEADING_ID);
    target?.focus();
  }, [focusKey]);

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

  if (fields.isError || groups.isError) {
    return (
      <>
        <PageHeader title={t('import.page')} />
        <ErrorBanner
          error={fields.error ?? groups.error}
          onRetry={() => {
            void fields.refetch();
            void groups.refetch();
          }}
        />
      </>
    );
  }

  const stepLabel = t(STEP_KEYS[state.step]);
  const stepTitle = t('import.step_title', { step: state.step + 1, count: WIZARD_STEPS, label: stepLabel });
  const fileGone = isApiError(metadata.error) && metadata.error.status === 404;

  const content = (() => {
    if (!fields.data || !groups.data) return <PageLoader minHeight={240} />;
    switch (state.step) {
      case 0:
        return <StepFields fields={fields.data} groups={groups.data} onNext={() => go(1)} />;
      case 1:
        return (
          <StepFile
            notice={fileMissing ? t('import.file_missing') : null}
            upload={upload}
            sheet={sheet}
            onUploaded={(next) => {
              setResumedFrom(null);
              setFileMissing(false);
              setCheckResult(null);
              setConfirmRows(new Set());
              check.reset();
              update({ upload: next, sheet: null, mapping: null });
            }}
            onSheet={(next) => update({ sheet: next, mapping: null })}
            onBack={() => go(0)}
            onNext={() => go(2)}
          />
        );
      case 2:
        if (metadata.isError) {
          return (
            <Stack gap="md" align="flex-start">
              {fileGone ? (
                <Alert color="red" variant="light" role="alert" w="100%">
                  {t('import.file_missing')}
                </Alert>
              ) : (
                <ErrorBanner error={metadata.error} onRetry={() => void metadata.refetch()} />
              )}
              <Button variant="default" onClick={() => (fileGone ? forgetFile() : go(1))}>
                {t('import.choose_again')}
              </Button>
            </Stack>
          );
        }
        if (!metadata.data || !mapping) return <PageLoader minHeight={240} label={t('import.reading_file')} />;
        return (
          <StepMapping
            metadata={metadata.data}
            mapping={mapping}
            onMapping={(next) => {
              update({ mapping: next });
              check.reset();
            }}
            keyField={keyField}
            onKeyField={(next) => {
              update({ keyField: next });
              check.reset();
            }}
            destinations={known}
            onCheck={runCheck}
            checking={check.isPending}
            checkError={check.error}
            onBack={() => go(1)}
          />
        );
      case 3:
        if (!checkResult || !upload) {
          // Resumed here without a dry run (results are not kept): run it again from step 3.
          return (
            <Button onClick={() => go(2)} variant="default">
              {t('import.back')}
            </Button>
          );
        }
        return (
          <StepResult
            filename={upload.filename}
            check={checkResult}
            onBack={() => go(2)}
            onRecheck={runCheck}
            rechecking={check.isPending}
            skipErrorRows={skipErrorRows}
            onSkipErrorRows={setSkipErrorRows}
            confirmed={confirmRows}
            onConfirm={(row, on) =>
              setConfirmRows((rows) => {
                const next = new Set(rows);
                if (on) next.add(row);
                else next.delete(row);
                return next;
              })
            }
            onImport={runImport}
            running={running}
            runError={run.error ?? (state.step === 3 ? check.error : null)}
            done={done}
            undone={undone}
            onUndo={
              done
                ? () => setUndoTarget({ id: done.import_id, filename: upload.filename, personCount: done.created + done.updated })
                : null
            }
            onNewImport={startOver}
          />
        );
    }
  })();

  const canStepBack = !running && !check.isPending && done === null;

  return (
    <>
      <PageHeader
        title={t('import.page')}
        documentTitle={t('app.document_title', { page: `${stepTitle} – ${t('import.page')}`, site: customer_name })}
      >
        <Button component={Link} to={PATHS.memberImports} variant="default" leftSection={<IconList size={18} aria-hidden />}>
          {t('import.all_imports')}
        </Button>
      </PageHeader>

      {resumedFrom && done === null ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} mb="md" data-testid="import-resumed">
          <Group justify="space-between" gap="sm">
            <span>{t('import.resumed', { filename: resumedFrom })}</span>
            <Button size="xs" variant="default" onClick={startOver}>
              {t('import.start_over')}
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Box component="nav" aria-label={t('import.steps_label')} mb="lg">
        <Stepper
          active={done ? WIZARD_STEPS : state.step}
          onStepClick={canStepBack ? (index) => go(index as WizardStep) : undefined}
          allowNextStepsSelect={false}
          size="sm"
        >
          {STEP_KEYS.map((key, index) => {
            const status = done || index < state.step ? t('import.step_status_done') : index === state.step ? t('import.step_status_current') : t('import.step_status_todo');
            return (
              <Stepper.Step
                key={key}
                label={t(key)}
                aria-label={t('import.step_aria', { step: index + 1, count: WIZARD_STEPS, label: t(key), status })}
                aria-current={!done && index === state.step ? 'step' : undefined}
                aria-disabled={!canStepBack || index >= state.step || undefined}
              />
            );
          })}
        </Stepper>
      </Box>

      <Stack component="section" gap="md" aria-labelledby={STEP_HEADING_ID} data-testid={`import-step-${String(state.step + 1)}`}>
        <Title order={2} size="h3" id={STEP_HEADING_ID} tabIndex={-1} style={{ outline: 'none' }}>
          {stepTitle}
        </Title>
        {content}
      </Stack>

      <UndoImportModal
        target={undoTarget}
        onClose={() => setUndoTarget(null)}
        onUndone={(reply) => {
          setUndoTarget(null);
          setUndone(true);
          notifySuccess(undoneText(t, reply));
        }}
      />
      {guard.prompt}
    </>
  );
}
