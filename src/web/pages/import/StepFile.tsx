import { Alert, Button, Group, Input, Loader, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconFileSpreadsheet } from '@tabler/icons-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS } from '../../../shared/constants';
import { useUploadImportFile } from '../../api/importer';
import { ErrorBanner } from '../../components/ErrorBanner';
import { messageText } from '../../i18n/messages';
import type { UploadedFile } from './wizardModel';
import classes from './import.module.css';

/** What the file picker offers; the server checks the content again. */
const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const MAX_MB = Math.round(IMPORT_MAX_FILE_BYTES / (1024 * 1024));

type LocalProblem = 'type' | 'size' | null;

function problemOf(file: File): LocalProblem {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'type';
  if (file.size === 0 || file.size > IMPORT_MAX_FILE_BYTES) return 'size';
  return null;
}

interface StepFileProps {
  /** Why the user is here again (the stored file was lost). */
  notice: string | null;
  upload: UploadedFile | null;
  sheet: string | null;
  onUploaded: (upload: UploadedFile) => void;
  onSheet: (sheet: string) => void;
  onBack: () => void;
  onNext: () => void;
}

/** Step 2: a drop zone and a plain file input (xlsx or csv, ≤ 10 MB); a sheet choice when the file has several. */
export function StepFile({ notice, upload, sheet, onUploaded, onSheet, onBack, onNext }: StepFileProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const send = useUploadImportFile();
  const [problem, setProblem] = useState<LocalProblem>(null);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (!file || send.isPending) return;
    send.reset();
    const found = problemOf(file);
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    setSending(file.name);
    send.mutate(file, {
      onSuccess: (reply) => onUploaded({ id: reply.id, filename: reply.filename, sheets: reply.sheets }),
      onError: () => input.current?.focus(),
      onSettled: () => {
        setSending(null);
        // The same file can be chosen again after fixing it.
        if (input.current) input.current.value = '';
      },
    });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const localText = problem === 'type' ? t('import.file_wrong_type') : problem === 'size' ? t('import.file_too_large', { size: MAX_MB }) : null;
  const hasError = localText !== null || send.isError;
  const chosenSheet = sheet ?? upload?.sheets[0]?.name ?? null;

  return (
    <Stack gap="md">
      <Text maw={760}>{t('import.file_text', { size: MAX_MB, rows: IMPORT_MAX_ROWS })}</Text>

      {notice && !upload ? (
        <Alert color="yellow" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {notice}
        </Alert>
      ) : null}
      {localText ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} id={errorId}>
          {messageText('upload_error')} {localText}
        </Alert>
      ) : (
        <div id={errorId}>
          <ErrorBanner error={send.error} />
        </div>
      )}

      <Paper
        withBorder
        p="xl"
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-dropzone"
      >
        <Stack align="center" gap="sm">
          <IconFileSpreadsheet size={40} aria-hidden />
          <Text fw={600}>{t('import.file_drop')}</Text>
          <Text size="sm">{t('import.file_or')}</Text>
          <Input.Wrapper
            id={inputId}
            label={upload ? t('import.file_input_other') : t('import.file_input')}
            description={t('import.file_input_help', { size: MAX_MB })}
            ta="center"
          >
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT}
              className={classes.fileInput}
              disabled={send.isPending}
              aria-invalid={hasError || undefined}
              aria-describedby={hasError ? errorId : undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.currentTarget.files?.[0])}
            />
          </Input.Wrapper>
        </Stack>
      </Paper>

      {sending ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text>{t('import.file_uploading', { filename: sending })}</Text>
        </Group>
      ) : upload ? (
        <Paper withBorder p="md" data-testid="import-file-chosen">
          <Stack gap="sm">
            <Text fw={600} role="status" aria-live="polite">
              {t('import.file_chosen', { filename: upload.filename })}
            </Text>
            {upload.sheets.length > 1 ? (
              <Radio.Group label={t('import.sheet')} description={t('import.sheet_help')} value={chosenSheet} onChange={onSheet}>
                <Stack gap="xs" mt="xs">
                  {upload.sheets.map((s) => (
                    <Radio key={s.name} value={s.name} label={t('import.sheet_option', { name: s.name, rows: t('import.rows', { count: s.row_count }) })} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : upload.sheets[0] ? (
              <Text size="sm">{t('import.row_count', { count: upload.sheets[0].row_count })}</Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      <Group>
        <Button variant="default" onClick={onBack} leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('import.back')}
        </Button>
        <Button onClick={onNext} disabled={!upload || send.isPending} rightSection={<IconArrowRight size={18} aria-hidden />}>
          {t('import.next')}
        </Button>
      </Group>
    </Stack>
  );
}
