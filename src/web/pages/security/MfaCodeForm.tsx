import { Group, Stack, TextInput } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaConfirmBody } from '../../../shared/schemas/security';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';

const FIELDS = ['code'] as const;
const validateCode = schemaResolver(mfaConfirmBody, { sync: true });

interface MfaCodeFormProps {
  submitLabel: string;
  /** Sends the six digits (spaces removed); resolves to the failure to show, or null when done. */
  onSubmit: (code: string) => Promise<unknown>;
  /** Put the cursor in the code field at once (the code step of login). */
  focusOnMount?: boolean;
  /** Buttons beside the submit button ("Peruuta"). */
  secondary?: ReactNode;
}

/**
 * The six-digit code from the authenticator app. A wrong code is shown under the field
 * and the field is selected for the next try; rate limiting and other general errors
 * go to the banner above it.
 */
export function MfaCodeForm({ submitLabel, onSubmit, focusOnMount = false, secondary }: MfaCodeFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useForm<{ code: string }>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: (values) => translateFieldErrors(validateCode(values)),
  });

  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  const submit = useGuardedSubmit(async (values: { code: string }) => {
    setError(null);
    const code = values.code.replace(/\s+/g, '');
    const failure = await onSubmit(code);
    if (failure == null) return;
    setError(failure);
    applyServerErrors(form, failure, FIELDS);
    // Wrong code or too many tries: the next attempt starts from a selected field.
    input.current?.focus();
    input.current?.select();
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, FIELDS);
  };

  return (
    <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
      <Stack gap="md">
        <ErrorBanner error={error} fields={FIELDS} />
        <TextInput
          ref={input}
          label={t('mfa.code')}
          description={t('mfa.code_help')}
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={7}
          required
          styles={{ input: { maxWidth: 220, fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group gap="sm">
          <SubmitButton pending={submit.pending}>{submitLabel}</SubmitButton>
          {secondary}
        </Group>
      </Stack>
    </form>
  );
}
