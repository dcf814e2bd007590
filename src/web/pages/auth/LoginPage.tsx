import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { MfaChallengeReply, MfaEnrollmentReply } from '../../../shared/schemas/security';
import { type LoginBody, loginBody } from '../../../shared/schemas/session';
import { isApiError } from '../../api/errors';
import { needsMfa, useMfaEnroll, useMfaReset, useMfaVerify } from '../../api/security';
import { useLogin } from '../../api/session';
import { GOTO_PARAM, RESET_PATH, sanitizeGoto } from '../../auth/goto';
import { PATHS } from '../../paths';
import { translateFieldErrors } from '../../components/formErrors';
import { LEAVING } from '../../components/useGuardedSubmit';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { messageText } from '../../i18n/messages';
import { MfaCodeForm } from '../security/MfaCodeForm';
import { MfaEnrollment } from '../security/MfaEnrollment';
import { AuthForm, EmailInput, PasswordField } from './AuthForm';
import { AuthFrame } from './AuthFrame';
import { useAuthSubmit } from './useAuthSubmit';
import { MfaResetCodeForm } from './MfaResetCodeForm';

/** Form fields in screen order: the first invalid one gets focus. */
const FIELDS = ['email', 'password'] as const;
const validateLogin = schemaResolver(loginBody, { sync: true });

/** What the card shows: the password, then whatever 2FA step the server asks for. */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string }
  | { kind: 'reset_code'; challenge: string }
  | { kind: 'enroll'; challenge: string; enrollment: MfaEnrollmentReply };

/** Another page may send the user here with a message (e.g. "2FA switched on, sign in again"). */
export interface LoginNoticeState {
  loginNotice: string;
}

const noticeOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as LoginNoticeState).loginNotice === 'string'
    ? (state as LoginNoticeState).loginNotice
    : null;

/** The 2FA challenge is only good for a while: then the login starts again from the password. */
const challengeExpired = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'mfa_challenge_expired' || (error.errors.general ?? []).includes('mfa_challenge_expired'));

/**
 * `/@login`: email + password, then (for site admins with two-factor authentication)
 * the code, the emailed reset code or setting up the app; afterwards back to GOTO
 * or the dashboard.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const verify = useMfaVerify();
  const reset = useMfaReset();
  const enroll = useMfaEnroll();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [focusPassword, setFocusPassword] = useState(false);
  const notice = noticeOf(location.state);
  useDocumentTitle(t('app.document_title', { page: t('login.page'), site: t('app.name') }));

  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: (values) => translateFieldErrors(validateLogin(values)),
  });

  const submit = useAuthSubmit(
    form,
    FIELDS,
    async (values: LoginBody) => {
      const reply = await login.mutateAsync(values);
      if (!needsMfa(reply)) {
        finish();
        return LEAVING;
      }
      const failure = await goToStep(reply);
      if (failure != null) setError(failure);
    },
    (namedField) => {
      if (namedField) return;
      // login_failed names no field; the password is what people mistype.
      const password = form.getInputNode('password') as HTMLInputElement | null;
      password?.focus();
      password?.select();
    },
  );
  const { error, setError } = submit;

  // Back on the password step after an expired challenge: the password field is shown again.
  useEffect(() => {
    if (!focusPassword || step.kind !== 'password') return;
    setFocusPassword(false);
    form.getInputNode('password')?.focus();
  }, [focusPassword, step.kind, form]);

  const finish = () => {
    void navigate(sanitizeGoto(searchParams.get(GOTO_PARAM)), { replace: true });
  };

  /** From any 2FA step back to the password, with the reason (if any) in the banner. */
  const startOver = (reason: unknown = null) => {
    form.setFieldValue('password', '');
    setError(reason);
    setStep({ kind: 'password' });
    setFocusPassword(true);
  };

  /** The server's next step; enrolment first fetches the new secret. */
  const goToStep = async (next: MfaChallengeReply): Promise<unknown> => {
    if (next.mfa_required !== 'enroll') {
      setStep({ kind: next.mfa_required, challenge: next.challenge });
      return null;
    }
    try {
      const enrollment = await enroll.mutateAsync({ challenge: next.challenge });
      setStep({ kind: 'enroll', challenge: next.challenge, enrollment });
      return null;
    } catch (failure) {
      return failure;
    }
  };

  /** A failed 2FA call: an expired challenge restarts the login, anything else stays on the step. */
  const stepFailure = (failure: unknown): unknown => {
    if (!challengeExpired(failure)) return failure;
    startOver(failure);
    return null;
  };

  const verifyCode = (challenge: string) => async (code: string): Promise<unknown> => {
    try {
      await verify.mutateAsync({ challenge, code });
    } catch (failure) {
      return stepFailure(failure);
    }
    finish();
    return null;
  };

  const sendResetCode = (challenge: string) => async (resetCode: string): Promise<unknown> => {
    try {
      const next = await reset.mutateAsync({ challenge, reset_code: resetCode });
      return stepFailure(await goToStep(next));
    } catch (failure) {
      return stepFailure(failure);
    }
  };

  const cancel = (
    <Button variant="subtle" onClick={() => startOver()}>
      {t('login.start_over')}
    </Button>
  );

  return (
    <AuthFrame>
      <Title order={1} size="h2" mb="xs">
        {t('login.page')}
      </Title>
      {step.kind === 'password' ? (
        <>
          <AuthForm
            intro={t('login.intro')}
            notice={
              notice && error == null ? (
                <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status" mb="md">
                  {messageText(notice)}
                </Alert>
              ) : null
            }
            error={error}
            fields={FIELDS}
            onSubmit={form.onSubmit(submit.run, submit.onInvalid)}
            pending={submit.pending}
            submitLabel={t('login.submit')}
          >
            <EmailInput label={t('login.email')} key={form.key('email')} inputProps={form.getInputProps('email')} />
            <PasswordField
              label={t('login.password')}
              autoComplete="current-password"
              key={form.key('password')}
              inputProps={form.getInputProps('password')}
            />
          </AuthForm>
          <Group gap="lg" mt="md">
            <Anchor component={Link} to={RESET_PATH}>
              {t('login.forgot')}
            </Anchor>
            {/* A member without a password edits their data by a link sent to their email. */}
            <Anchor component={Link} to={PATHS.updateRequestEditLinks}>
              {t('login.edit_link')}
            </Anchor>
          </Group>
        </>
      ) : step.kind === 'code' ? (
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('login.mfa_title')}
          </Title>
          <Text>{t('login.mfa_code_intro')}</Text>
          <MfaCodeForm
            key={step.challenge}
            submitLabel={t('login.mfa_verify')}
            onSubmit={verifyCode(step.challenge)}
            focusOnMount
            secondary={cancel}
          />
        </Stack>
      ) : step.kind === 'reset_code' ? (
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('login.reset_title')}
          </Title>
          <Text>{t('login.reset_intro')}</Text>
          <MfaResetCodeForm key={step.challenge} onSubmit={sendResetCode(step.challenge)} secondary={cancel} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t('login.enroll_intro')}</Text>
          <MfaEnrollment key={step.challenge} enrollment={step.enrollment} headingOrder={2}>
            <MfaCodeForm submitLabel={t('login.enroll_verify')} onSubmit={verifyCode(step.challenge)} secondary={cancel} />
          </MfaEnrollment>
        </Stack>
      )}
    </AuthFrame>
  );
}
