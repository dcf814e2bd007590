import { Alert, Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResetRequestBody, resetRequestBody } from '../../../shared/schemas/passwordReset';
import { useResetRequest } from '../../api/passwordReset';
import { LOGIN_PATH } from '../../auth/goto';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { AuthFrame } from './AuthFrame';

const FIELDS = ['email'] as const;
const validate = schemaResolver(resetRequestBody, { sync: true });

/**
 * `/@reset`: asks for a password link by email (issue 21 §13). The answer is the same
 * whether or not the address is in the register, so the page says "if".
 */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const request = useResetRequest();
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('app.document_title', { page: t('reset.request_page'), site: t('app.name') }));

  const form = useForm<ResetRequestBody>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: (values) => translateFieldErrors(validate(values)),
  });

  // The confirmation replaces the form: focus moves to it so it is read out.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = useGuardedSubmit(async (values: ResetRequestBody) => {
    setError(null);
    try {
      await request.mutateAsync(values);
      setSent(true);
    } catch (failure) {
      setError(failure);
      applyServerErrors(form, failure, FIELDS);
    }
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, FIELDS);
  };

  return (
    <AuthFrame>
      <Title order={1} size="h2" mb="xs">
        {t('reset.request_page')}
      </Title>
      {sent ? (
        <Alert ref={sentRef} tabIndex={-1} color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status" mb="md" data-testid="reset-sent">
          {t('reset.sent')}
        </Alert>
      ) : (
        <>
          <Text mb="lg">{t('reset.request_intro')}</Text>
          <ErrorBanner error={error} fields={FIELDS} />
          <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('reset.email')}
                type="email"
                autoComplete="username"
                inputMode="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <SubmitButton pending={submit.pending} fullWidth mt="xs">
                {t('reset.send')}
              </SubmitButton>
            </Stack>
          </form>
        </>
      )}
      <Anchor component={Link} to={LOGIN_PATH} display="inline-block" mt="md">
        {t('reset.back_to_login')}
      </Anchor>
    </AuthFrame>
  );
}
