import { PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENT_PASSWORD, type MemberFormValues } from './memberFormValues';
import { NewPasswordFields } from './NewPasswordFields';

/**
 * The member's own password change on the self-edit form: the current
 * password is asked too, so a session left open somewhere cannot take the account.
 */
export function OwnPasswordSection({ form }: { form: UseFormReturnType<MemberFormValues> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const toggle = { 'aria-label': t('login.show_password') };
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('edit_me.password_title')}
      </Title>
      <Text size="sm">{t('edit_me.password_help')}</Text>
      <PasswordInput
        label={t('edit_me.current_password')}
        autoComplete="current-password"
        maxLength={200}
        maw={360}
        visibilityToggleButtonProps={toggle}
        {...form.getInputProps(CURRENT_PASSWORD)}
      />
      <NewPasswordFields form={form} />
    </Stack>
  );
}
