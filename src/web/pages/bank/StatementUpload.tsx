import { Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_MAX_FILE_BYTES } from '../../../shared/constants';
import { fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { type BankUpload, useUploadStatement } from '../../api/bank';
import { ErrorBanner } from '../../components/ErrorBanner';
import { fieldMessageText } from '../../i18n/messages';

// The statement file: a labelled file input and "Tarkista tiedosto"; what is wrong with the
// file (too large, not a statement, a KTL totals mismatch) is said under the input, which
// then takes focus. The reply is the dry run, shown by the page.

const MAX_MB = Math.round(BANK_MAX_FILE_BYTES / (1024 * 1024));
const FIELDS = ['file'] as const;

export function StatementUpload({ disabled, onUploaded }: { disabled: boolean; onUploaded(reply: BankUpload, filename: string): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStatement();
  const [localError, setLocalError] = useState<string | null>(null);

  const serverKey = fieldErrorKeys(upload.error, FIELDS).file;
  const params = isApiError(upload.error) ? upload.error.params : undefined;
  const error = localError ?? (serverKey ? fieldMessageText(serverKey, params) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    upload.reset();
    const file = input.current?.files?.[0];
    const problem = !file ? t('bank.file_missing') : file.size === 0 || file.size > BANK_MAX_FILE_BYTES ? t('bank.file_too_large', { size: MAX_MB }) : null;
    setLocalError(problem);
    if (problem || !file) return input.current?.focus();
    upload.mutate(file, {
      onSuccess: (reply) => {
        if (input.current) input.current.value = '';
        onUploaded(reply, file.name);
      },
      onError: () => input.current?.focus(),
    });
  };

  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} noValidate aria-labelledby={`${inputId}-title`}>
      <Stack gap="sm">
        <Text fw={600} id={`${inputId}-title`} component="h2" size="lg">
          {t('bank.upload_title')}
        </Text>
        <Text size="sm">{t('bank.upload_text', { size: MAX_MB })}</Text>
        {/* Errors that are not about the file (rate limit, network) go to the banner. */}
        <ErrorBanner error={upload.error} fields={FIELDS} />
        <Input.Wrapper id={inputId} label={t('bank.file_input')} description={t('bank.file_input_help')}>
          <input
            ref={input}
            id={inputId}
            name="file"
            type="file"
            accept=".xml,.txt,.dat,.nda,.ktl,text/xml,application/xml,text/plain"
            // Not disabled while sending: a refused file's error focuses it at once (submit is guarded).
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={() => setLocalError(null)}
            style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
            data-testid="bank-file"
          />
        </Input.Wrapper>
        {error ? (
          <Input.Error id={errorId} data-testid="bank-file-error">
            {error}
          </Input.Error>
        ) : null}
        <Group>
          <Button type="submit" loading={upload.isPending} disabled={disabled} leftSection={<IconUpload size={18} aria-hidden />} data-testid="bank-upload">
            {t('bank.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
