import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../auth/goto';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SubmitButton } from '../../components/SubmitButton';

// The pieces the session pages (/@login, /@reset, /@reset/{token}) have in common.

interface AuthFormProps {
  intro: string;
  /** Shown between the intro and the error banner (the login page's notice). */
  notice?: ReactNode;
  error: unknown;
  /** The form's fields in screen order: errors of these go under the fields, not the banner. */
  fields: readonly string[];
  /** `form.onSubmit(run, onInvalid)`. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  /** The inputs. */
  children: ReactNode;
}

/** Intro, error banner and the form with its full-width submit button. */
export function AuthForm({ intro, notice, error, fields, onSubmit, pending, submitLabel, children }: AuthFormProps) {
  return (
    <>
      <Text mb="lg">{intro}</Text>
      {notice}
      <ErrorBanner error={error} fields={fields} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <SubmitButton pending={pending} fullWidth mt="xs">
            {submitLabel}
          </SubmitButton>
        </Stack>
      </form>
    </>
  );
}

interface InputProps {
  label: string;
  /** `form.getInputProps(...)`; give the element `key={form.key(...)}` as before. */
  inputProps: GetInputPropsReturnType;
}

/** The account's email address, as password managers expect it (autocomplete "username"). */
export function EmailInput({ label, inputProps }: InputProps) {
  return <TextInput label={label} type="email" autoComplete="username" inputMode="email" required {...inputProps} />;
}

interface PasswordFieldProps extends InputProps {
  autoComplete: 'current-password' | 'new-password';
  maxLength?: number;
}

/** A required password input whose show/hide toggle is reachable by keyboard and named. */
export function PasswordField({ label, inputProps, autoComplete, maxLength }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      required
      maxLength={maxLength}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('login.show_password') }}
      {...inputProps}
    />
  );
}

/** "Back to login" under the reset pages' cards. */
export function BackToLoginLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={LOGIN_PATH} display="inline-block" mt="md">
      {t('reset.back_to_login')}
    </Anchor>
  );
}
