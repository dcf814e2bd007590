import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaEnrollmentReply, SiteAdmin } from '../../../shared/schemas/security';
import { useMfaConfirm, useMfaSetup } from '../../api/security';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { MfaCodeForm } from './MfaCodeForm';
import { MfaEnrollment } from './MfaEnrollment';
import { effectiveMfaState, MFA_STATE_COLORS, MFA_STATE_LABELS } from './mfaFormat';

/**
 * The signed-in admin's own authenticator: its state, and "Ota käyttöön" → QR code and
 * key → first code → on. Turning it off is another admin's job (clear_mfa refuses
 * yourself), and a lost phone is what the reset code is for.
 */
export function OwnMfaSection({ me }: { me: SiteAdmin | null }) {
  const { t } = useTranslation();
  const setup = useMfaSetup();
  const confirm = useMfaConfirm();
  const [enrollment, setEnrollment] = useState<MfaEnrollmentReply | null>(null);
  const [error, setError] = useState<unknown>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const stateText = useRef<HTMLDivElement>(null);
  const state = me ? effectiveMfaState(me) : 'MFA_NOT_SET';

  const start = async () => {
    setError(null);
    try {
      setEnrollment(await setup.mutateAsync());
    } catch (failure) {
      setError(failure);
    }
  };

  const sendCode = async (code: string): Promise<unknown> => {
    try {
      await confirm.mutateAsync({ code });
    } catch (failure) {
      return failure;
    }
    setEnrollment(null);
    notifySuccess(t('security.own_enabled'));
    // The form is gone; the state line, now "Käytössä", takes the focus.
    window.setTimeout(() => stateText.current?.focus(), 0);
    return null;
  };

  const cancel = () => {
    setEnrollment(null);
    window.setTimeout(() => startButton.current?.focus(), 0);
  };

  return (
    <Stack gap="md" align="flex-start">
      <Group gap="sm" ref={stateText} tabIndex={-1} style={{ outline: 'none' }} data-testid="own-mfa-state">
        <Text span fw={600}>
          {t('security.own_state')}
        </Text>
        <Badge variant="dot" color={MFA_STATE_COLORS[state]} tt="none" size="lg">
          {t(MFA_STATE_LABELS[state])}
        </Badge>
      </Group>
      <Text maw={760}>{state === 'MFA_SET' ? t('security.own_set_text') : t('security.own_not_set_text')}</Text>
      <ErrorBanner error={error} />
      {enrollment ? (
        <MfaEnrollment enrollment={enrollment} headingOrder={3}>
          <MfaCodeForm
            submitLabel={t('security.own_confirm')}
            onSubmit={sendCode}
            secondary={
              <Button variant="default" onClick={cancel}>
                {t('common.cancel')}
              </Button>
            }
          />
        </MfaEnrollment>
      ) : state !== 'MFA_SET' ? (
        <Button ref={startButton} leftSection={<IconShieldLock size={18} aria-hidden />} loading={setup.isPending} onClick={() => void start()}>
          {t('security.own_enable')}
        </Button>
      ) : null}
    </Stack>
  );
}
