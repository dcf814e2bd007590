import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconInfoCircle, IconList } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/errors';
import type { ImportDone } from '../../api/importer';
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
  const w = useImportWizard();
  /** Opens the undo dialog for the import just done (its values taken now, while known to be there). */
  const undoFor = (done: ImportDone, filename: string) => () => setUndoTarget({ id: done.import_id, filename, personCount: done.created + done.updated });

  const running = w.run.isPending;
  const guard = useUnsavedChangesGuard(w.state.upload !== null && w.done === null, {
    title: t('import.leave_title'),
    text: running ? t('import.leave_text_running') : t('import.leave_text'),
    stay: t('import.leave_stay'),
    leave: t('import.leave'),
  });

  // After a step change focus goes to what the new step is about: its first error or result, else its heading.
  const focusKey = `${String(w.state.step)}-${w.done ? 'done' : ''}-${w.undone ? 'undone' : ''}`;
  const lastFocusKey = useRef(focusKey);
  useEffect(() => {
    if (lastFocusKey.current === focusKey) return;
    lastFocusKey.current = focusKey;
    const target = document.querySelector<HTMLElement>('[data-step-focus]') ?? document.getElementById(STEP_HEADING_ID);
    target?.focus();
  }, [focusKey]);

  if (w.fields.isError || w.groups.isError) {
    return (
      <>
        <PageHeader title={t('import.page')} />
        <ErrorBanner
          error={w.fields.error ?? w.groups.error}
          onRetry={() => {
            void w.fields.refetch();
            void w.groups.refetch();
          }}
        />
      </>
    );
  }

  const stepLabel = t(STEP_KEYS[w.state.step]);
  const stepTitle = t('import.step_title', { step: w.state.step + 1, count: WIZARD_STEPS, label: stepLabel });
  const fileGone = isApiError(w.metadata.error) && w.metadata.error.status === 404;

  const content = (() => {
    if (!w.fields.data || !w.groups.data) return <PageLoader minHeight={240} />;
    switch (w.state.step) {
      case 0:
        return <StepFields fields={w.fields.data} groups={w.groups.data} onNext={() => w.go(1)} />;
      case 1:
        return (
          <StepFile
            notice={w.fileMissing ? t('import.file_missing') : null}
            upload={w.upload}
            sheet={w.sheet}
            onUploaded={w.uploaded}
            onSheet={(next) => w.update({ sheet: next, mapping: null })}
            onBack={() => w.go(0)}
            onNext={() => w.go(2)}
          />
        );
      case 2:
        if (w.metadata.isError) {
          return (
            <Stack gap="md" align="flex-start">
              {fileGone ? (
                <Alert color="red" variant="light" role="alert" w="100%">
                  {t('import.file_missing')}
                </Alert>
              ) : (
                <ErrorBanner error={w.metadata.error} onRetry={() => void w.metadata.refetch()} />
              )}
              <Button variant="default" onClick={() => (fileGone ? w.forgetFile() : w.go(1))}>
                {t('import.choose_again')}
              </Button>
            </Stack>
          );
        }
        if (!w.metadata.data || !w.mapping) return <PageLoader minHeight={240} label={t('import.reading_file')} />;
        return (
          <StepMapping
            metadata={w.metadata.data}
            mapping={w.mapping}
            onMapping={(next) => {
              w.update({ mapping: next });
              w.check.reset();
            }}
            keyField={w.keyField}
            onKeyField={(next) => {
              w.update({ keyField: next });
              w.check.reset();
            }}
            destinations={w.known}
            onCheck={w.runCheck}
            checking={w.check.isPending}
            checkError={w.check.error}
            onBack={() => w.go(1)}
          />
        );
      case 3:
        if (!w.checkResult || !w.upload) {
          // Resumed here without a dry run (results are not kept): run it again from step 3.
          return (
            <Button onClick={() => w.go(2)} variant="default">
              {t('import.back')}
            </Button>
          );
        }
        return (
          <StepResult
            filename={w.upload.filename}
            check={w.checkResult}
            onBack={() => w.go(2)}
            onRecheck={w.runCheck}
            rechecking={w.check.isPending}
            skipErrorRows={w.skipErrorRows}
            onSkipErrorRows={w.setSkipErrorRows}
            confirmed={w.confirmRows}
            onConfirm={w.confirmRow}
            onImport={w.runImport}
            running={running}
            runError={w.run.error ?? (w.state.step === 3 ? w.check.error : null)}
            done={w.done}
            undone={w.undone}
            onUndo={w.done ? undoFor(w.done, w.upload.filename) : null}
            onNewImport={w.startOver}
          />
        );
    }
  })();

  const canStepBack = !running && !w.check.isPending && w.done === null;

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

      {w.resumedFrom && w.done === null ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} mb="md" data-testid="import-resumed">
          <Group justify="space-between" gap="sm">
            <span>{t('import.resumed', { filename: w.resumedFrom })}</span>
            <Button size="xs" variant="default" onClick={w.startOver}>
              {t('import.start_over')}
            </Button>
          </Group>
        </Alert>
      ) : null}

      <WizardStepper step={w.state.step} done={w.done !== null} canStepBack={canStepBack} onStep={w.go} />

      <Stack component="section" gap="md" aria-labelledby={STEP_HEADING_ID} data-testid={`import-step-${String(w.state.step + 1)}`}>
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
          w.setUndone(true);
          notifySuccess(undoneText(t, reply));
        }}
      />
      {guard.prompt}
    </>
  );
}
