import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from './ErrorBanner';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What will happen, and to how many (destructive actions ask first). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red confirm button for deletions. */
  danger?: boolean;
  pending?: boolean;
  /** A failed confirm shows its message here, inside the modal. */
  error?: unknown;
  /** A second way to go on (e.g. "Tyhjennä arvot" beside "Säilytä historiassa"), shown between the two. */
  extraAction?: ReactNode;
}

/** A question before a destructive action: "Peruuta" is focused first, so Enter never deletes by accident. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = false,
  pending = false,
  error = null,
  extraAction,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeButtonProps={{ 'aria-label': t('common.close') }} centered>
      <Stack gap="md">
        <ErrorBanner error={error} />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('common.cancel')}
          </Button>
          {extraAction}
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending} aria-busy={pending || undefined}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
