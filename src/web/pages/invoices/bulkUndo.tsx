import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { bannerKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { postBulkUndo } from '../../api/invoices';
import { holdFocus, recoverFocusSoon } from '../../components/focusRecovery';
import { notifyError, notifySuccess } from '../../components/notify';
import { messageText } from '../../i18n/messages';
import i18n from '../../i18n/setup';

// "12 laskua merkitty maksetuiksi. [Kumoa]": a bulk mark is undone as one batch (bulk_undo).
// The notification stays until closed and takes focus, as the members' undo does.

async function undo(queryClient: QueryClient, batchId: string): Promise<void> {
  notifications.hide(`invoice-undo-${batchId}`);
  try {
    const reply = await postBulkUndo(batchId);
    notifySuccess(i18n.t('invoices.bulk_undone', { count: reply.count }));
  } catch (error) {
    notifyError(messageText(bannerKeys(error)[0] ?? 'server_error', isApiError(error) ? error.params : undefined));
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['invoices'] });
  }
}

export function useBulkUndoNotification(): (message: string, batchId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: string, batchId: string) => {
      const id = `invoice-undo-${batchId}`;
      notifications.show({
        id,
        color: 'green',
        autoClose: false,
        closeButtonProps: { 'aria-label': i18n.t('common.close') },
        onClose: () => recoverFocusSoon(),
        message: (
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Text size="sm">
              {message} <VisuallyHidden component="span">{i18n.t('undo.escape_hint')}</VisuallyHidden>
            </Text>
            <Button size="xs" variant="light" data-invoice-undo={batchId} onClick={() => void undo(queryClient, batchId)}>
              {i18n.t('undo.button')}
            </Button>
          </Group>
        ),
      });
      holdFocus(`[data-invoice-undo="${batchId}"]`);
    },
    [queryClient],
  );
}
