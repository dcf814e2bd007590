import { PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CONFIRM_PASSWORD, NEW_PASSWORD, type MemberFormValues } from './memberFormValues';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/** A new password with its strength and a confirmation: the admin's and the member's own forms alike. */
export function NewPasswordFields({ form }: { form: UseFormReturnType<MemberFormValues> }) {
  const { t } = useTranslation();
  const newPassword = form.getValues()[NEW_PASSWORD];
  const toggle = { 'aria-label': t('login.show_password') };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Stack gap={0}>
        <PasswordInput label={t('members.new_password')} autoComplete="new-password" maxLength={50} visibilityToggleButtonProps={toggle} {...form.getInputProps(NEW_PASSWORD)} />
        <PasswordStrengthMeter password={typeof newPassword === 'string' ? newPassword : ''} />
      </Stack>
      <PasswordInput label={t('members.confirm_password')} autoComplete="new-password" maxLength={50} visibilityToggleButtonProps={toggle} {...form.getInputProps(CONFIRM_PASSWORD)} />
    </SimpleGrid>
  );
}
