import { PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_PASSWORD, CURRENT_PASSWORD, NEW_PASSWORD, type MemberFormValues } from './memberFormValues';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/**
 * The member's own password change on the self-edit form: the current
 * password is asked too, so a session left open somewhere cannot take the account.
 */
export function OwnPasswordSection({ form }: { form: UseFormReturnType<MemberFormValues> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const newPassword = form.getValues()[NEW_PASSWORD];
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={0}>
          <PasswordInput
            label={t('members.new_password')}
            autoComplete="new-password"
            maxLength={50}
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps(NEW_PASSWORD)}
          />
          <PasswordStrengthMeter password={typeof newPassword === 'string' ? newPassword : ''} />
        </Stack>
        <PasswordInput
          label={t('members.confirm_password')}
          autoComplete="new-password"
          maxLength={50}
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps(CONFIRM_PASSWORD)}
        />
      </SimpleGrid>
    </Stack>
  );
}
