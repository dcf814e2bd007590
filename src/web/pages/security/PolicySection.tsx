import { Button, List, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MfaPolicy } from '../../../shared/constants';
import { useSaveMfaPolicy } from '../../api/settings';
import { LOGIN_PATH } from '../../auth/goto';
import { ConfirmModal } from '../../components/ConfirmModal';
import type { LoginNoticeState } from '../auth/LoginPage';

const NOTICE: Record<MfaPolicy, LoginNoticeState['loginNotice']> = {
  admins: 'security.policy_changed_admins',
  disabled: 'security.policy_changed_disabled',
};

/**
 * Site-wide two-factor authentication. Changing it ends every admin session,
 * this one included, and emails every admin; so it asks first, and afterwards the
 * login page says what happened.
 */
export function PolicySection({ current }: { current: MfaPolicy }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveMfaPolicy();
  const [choice, setChoice] = useState<MfaPolicy>(current);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const confirm = async () => {
    setError(null);
    try {
      await save.mutateAsync(choice);
    } catch (failure) {
      setError(failure);
      return;
    }
    const state: LoginNoticeState = { loginNotice: NOTICE[choice] };
    await navigate(LOGIN_PATH, { replace: true, state });
    // The session is gone: nothing cached belongs to anyone any more.
    queryClient.clear();
  };

  return (
    <Stack gap="md" align="flex-start">
      <Radio.Group
        label={t('security.policy_label')}
        value={choice}
        onChange={(value) => setChoice(value === 'admins' ? 'admins' : 'disabled')}
      >
        <Stack gap="sm" mt="xs">
          <Radio value="admins" label={t('security.policy_admins')} description={t('security.policy_admins_help')} />
          <Radio value="disabled" label={t('security.policy_disabled')} description={t('security.policy_disabled_help')} />
        </Stack>
      </Radio.Group>
      <Button
        disabled={choice === current}
        aria-haspopup="dialog"
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        {t('security.policy_save')}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t('security.policy_confirm_title')}
        confirmLabel={t('security.policy_confirm')}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        pending={save.isPending}
        error={error}
      >
        <Text>{choice === 'admins' ? t('security.policy_confirm_admins') : t('security.policy_confirm_disabled')}</Text>
        <List spacing="xs">
          <List.Item>{t('security.policy_confirm_sessions')}</List.Item>
          <List.Item>{t('security.policy_confirm_email')}</List.Item>
          <List.Item>{t('security.policy_confirm_login')}</List.Item>
        </List>
      </ConfirmModal>
    </Stack>
  );
}
