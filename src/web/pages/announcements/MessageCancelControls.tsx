import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey } from '../../../shared/i18n';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifySuccess } from '../../components/notify';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { paymentMethodPath } from '../../paths';

/** The texts that differ by kind of message (an announcement, an update request). */
export interface UnpaidTexts {
  payingTitle: MessageKey;
  payingText: MessageKey;
  cancelUnpaid: MessageKey;
  cancelUnpaidTitle: MessageKey;
  cancelUnpaidText: MessageKey;
  cancelledUnpaidNotice: MessageKey;
}

interface MessageCancelControlsProps {
  status: string;
  mooneyId: string | null;
  /** The message's own page, where paying returns to. */
  goto: string;
  /** Deliveries still queued: they can be cancelled once sent. */
  queued: number;
  cancel: () => Promise<unknown>;
  cancelError: unknown;
  texts: UnpaidTexts;
}

/**
 * Paying or cancelling a sent message: waiting for payment it can be paid or cancelled whole;
 * once sent, what is still queued can be cancelled. One confirmation for both.
 */
export function MessageCancelControls({ status, mooneyId, goto, queued, cancel, cancelError, texts }: MessageCancelControlsProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const unpaid = status === 'paying';
  const runCancel = useGuardedSubmit(async () => {
    try {
      await cancel();
      setAsking(false);
      notifySuccess(unpaid ? t(texts.cancelledUnpaidNotice) : t('announcements.cancelled_notice'));
    } catch {
      // Shown in the modal.
    }
  });

  return (
    <>
      {unpaid && mooneyId ? (
        <Alert color="blue" variant="light" icon={<IconCreditCard aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>{t(texts.payingTitle)}</Text>
            <Text>{t(texts.payingText)}</Text>
            <Group gap="sm">
              <Button component={Link} to={paymentMethodPath(mooneyId, goto)}>
                {t('announcements.pay')}
              </Button>
              <Button variant="default" onClick={() => setAsking(true)} data-testid="cancel-unpaid">
                {t(texts.cancelUnpaid)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      {queued > 0 ? (
        <Group>
          <Button variant="default" color="red" leftSection={<IconPlayerStop size={18} aria-hidden />} onClick={() => setAsking(true)} data-testid="cancel-queued">
            {t('announcements.cancel_queued')}
          </Button>
        </Group>
      ) : null}

      <ConfirmModal
        opened={asking}
        title={unpaid ? t(texts.cancelUnpaidTitle) : t('announcements.cancel_title')}
        confirmLabel={unpaid ? t(texts.cancelUnpaid) : t('announcements.cancel_confirm')}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => void runCancel.run()}
        pending={runCancel.pending}
        error={cancelError}
      >
        <Text>{unpaid ? t(texts.cancelUnpaidText) : t('announcements.cancel_text', { count: queued })}</Text>
      </ConfirmModal>
    </>
  );
}
