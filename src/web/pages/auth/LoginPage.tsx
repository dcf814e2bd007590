import { PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type LoginBody, loginBody } from '../../../shared/schemas/session';
import { useLogin } from '../../api/session';
import { GOTO_PARAM, sanitizeGoto } from '../../auth/goto';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { AuthFrame } from './AuthFrame';

/** Form fields in screen order: the first invalid one gets focus. */
const FIELDS = ['email', 'password'] as const;
const validateLogin = schemaResolver(loginBody, { sync: true });

/** `/@login`: email + password; afterwards back to GOTO (spec §8) or the dashboard. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [error, setError] = useState<unknown>(null);
  useDocumentTitle(t('app.document_title', { page: t('login.page'), site: t('app.name') }));

  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: (values) => translateFieldErrors(validateLogin(values)),
  });

  const submit = useGuardedSubmit(async (values: LoginBody) => {
    setError(null);
    try {
      await login.mutateAsync(values);
    } catch (failure) {
      setError(failure);
      if (!applyServerErrors(form, failure, FIELDS)) {
        // login_failed names no field; the password is what people mistype.
        const password = form.getInputNode('password') as HTMLInputElement | null;
        password?.focus();
        password?.select();
      }
      return;
    }
    void navigate(sanitizeGoto(searchParams.get(GOTO_PARAM)), { replace: true });
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, FIELDS);
  };

  return (
    <AuthFrame>
      <Title order={1} size="h2" mb="xs">
        {t('login.page')}
      </Title>
      <Text mb="lg">{t('login.intro')}</Text>
      <ErrorBanner error={error} fields={FIELDS} />
      <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('login.show_password') }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <SubmitButton pending={submit.pending} fullWidth mt="xs">
            {t('login.submit')}
          </SubmitButton>
        </Stack>
      </form>
    </AuthFrame>
  );
}
