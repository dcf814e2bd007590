import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconInfoCircle, IconList } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/errors';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { PATHS } from '../../paths';
import { StepFields } from './StepFields';
import { StepFile } from './StepFile';
import { StepMapping } from './StepMapping';
import { StepResult } from './StepResult';
import { UndoImportModal, type UndoTarget, undoneText } from './UndoImportModal';
import { useImportWizard } from './useImportWizard';
import { WIZARD_STEPS } from './wizardModel';
import { STEP_KEYS, WizardStepper } from './WizardStepper';

// The import wizard (/members/import): 1 check fields, 2 choose the file, 3 map columns,
// 4 dry run → import → result with undo. Its state lives in useImportWizard.

const STEP_HEADING_ID = 'import-step-title';

/** `/members/import` */
export function ImportWizardPage() {
  const { t } = useTranslation();
  const { customer_name } = useCurrentSession();
  const [undoTarget, setUndoTarget] = useState<UndoTarget | null>(null);
  const {
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
  } = useImportWizard();

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
            onUploaded={uploaded}
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
            onConfirm={confirmRow}
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

      <WizardStepper step={state.step} done={done !== null} canStepBack={canStepBack} onStep={go} />

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
