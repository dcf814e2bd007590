import { Alert, Button, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type NewPasswordFields, newPasswordFields } from '../../../shared/schemas/passwordReset';
import { bannerKeys } from '../../api/errorKeys';
import { useResetCheck, useResetPassword } from '../../api/passwordReset';
import { LOGIN_PATH } from '../../auth/goto';
import { ErrorBanner } from '../../components/ErrorBanner';
import { translateFieldErrors } from '../../components/formErrors';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { messageText } from '../../i18n/messages';
import { PasswordStrengthMeter } from '../members/PasswordStrengthMeter';
import { PATHS } from '../../paths';
import type { LoginNoticeState } from './LoginPage';
import { AuthForm, BackToLoginLink, PasswordField } from './AuthForm';
import { AuthFrame } from './AuthFrame';
import { useAuthSubmit } from './useAuthSubmit';

const FIELDS = ['newPassword_', 'confirmNewPassword_'] as const;
const validate = schemaResolver(newPasswordFields, { sync: true });

/** A link that cannot be used (spent, expired, unknown): say so and offer a new one. */
function DeadLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const invalid = bannerKeys(error, []).includes('password_reset_invalid');
  return (
    <Stack gap="md" align="flex-start">
      {invalid ? (
        <Alert ref={ref} tabIndex={-1} color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" w="100%">
          {messageText('password_reset_invalid')}
        </Alert>
      ) : (
        <ErrorBanner error={error} />
      )}
      <Button component={Link} to={PATHS.reset}>
        {t('reset.request_new')}
      </Button>
    </Stack>
  );
}

/**
 * `/@reset/{token}`: the emailed link. Checks the link first, then takes the new password
 * twice; afterwards the login page, where 2FA still applies.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const check = useResetCheck(token);
  const reset = useResetPassword(token);
  useDocumentTitle(t('app.document_title', { page: t('reset.set_page'), site: t('app.name') }));

  const form = useForm<NewPasswordFields>({
    mode: 'controlled',
    initialValues: { newPassword_: '', confirmNewPassword_: '' },
    validate: (values) => translateFieldErrors(validate(values)),
  });

  const submit = useAuthSubmit(form, FIELDS, async (values: NewPasswordFields) => {
    await reset.mutateAsync(values);
    const state: LoginNoticeState = { loginNotice: 'reset.done' };
    void navigate(LOGIN_PATH, { replace: true, state });
  });
  const { error } = submit;

  const linkDied = error != null && bannerKeys(error, FIELDS).includes('password_reset_invalid');

  return (
    <AuthFrame>
      <Title order={1} size="h2" mb="xs">
        {t('reset.set_page')}
      </Title>
      {check.isPending ? (
        <PageLoader label={t('reset.checking')} minHeight={120} />
      ) : check.isError ? (
        <DeadLink error={check.error} />
      ) : linkDied ? (
        <DeadLink error={error} />
      ) : (
        <AuthForm
          intro={t('reset.set_intro')}
          error={error}
          fields={FIELDS}
          onSubmit={form.onSubmit(submit.run, submit.onInvalid)}
          pending={submit.pending}
          submitLabel={t('reset.save')}
        >
          <PasswordField
            label={t('reset.new_password')}
            autoComplete="new-password"
            maxLength={50}
            key={form.key('newPassword_')}
            inputProps={form.getInputProps('newPassword_')}
          />
          <PasswordStrengthMeter password={form.values.newPassword_} />
          <PasswordField
            label={t('reset.confirm_password')}
            autoComplete="new-password"
            maxLength={50}
            key={form.key('confirmNewPassword_')}
            inputProps={form.getInputProps('confirmNewPassword_')}
          />
        </AuthForm>
      )}
      <BackToLoginLink />
    </AuthFrame>
  );
}
