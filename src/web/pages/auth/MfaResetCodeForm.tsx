import { Group, Stack, TextInput } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaResetBody } from '../../../shared/schemas/security';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';

const FIELDS = ['reset_code'] as const;
const validateResetCode = schemaResolver(mfaResetBody.pick({ reset_code: true }), { sync: true });

interface MfaResetCodeFormProps {
  /** Sends the code; resolves to the failure to show, or null when the login goes on. */
  onSubmit: (resetCode: string) => Promise<unknown>;
  secondary?: ReactNode;
}

/** The reset code another admin had emailed (login step 'reset_code'); enrolment follows. */
export function MfaResetCodeForm({ onSubmit, secondary }: MfaResetCodeFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useForm<{ reset_code: string }>({
    mode: 'uncontrolled',
    initialValues: { reset_code: '' },
    validate: (values) => translateFieldErrors(validateResetCode(values)),
  });

  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = useGuardedSubmit(async (values: { reset_code: string }) => {
    setError(null);
    const failure = await onSubmit(values.reset_code.trim());
    if (failure == null) return;
    setError(failure);
    applyServerErrors(form, failure, FIELDS);
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
          label={t('login.reset_code')}
          description={t('login.reset_code_help')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          key={form.key('reset_code')}
          {...form.getInputProps('reset_code')}
        />
        <Group gap="sm">
          <SubmitButton pending={submit.pending}>{t('login.reset_continue')}</SubmitButton>
          {secondary}
        </Group>
      </Stack>
    </form>
  );
}
