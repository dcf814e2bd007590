import { Button, Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { bannerKeys } from '../api/errorKeys';
import { isApiError } from '../api/errors';
import { postUndo } from '../api/membersList';
import { messageText } from '../i18n/messages';
import i18n from '../i18n/setup';
import { notifyError, notifySuccess } from './notify';

// "Jäsen poistettu. Kumoa" (finnish-ui.md): a change that can be undone says so in a
// notification with a "Kumoa" button. Notifications live outside the router and the
// query provider, so the handlers close over the query client instead of using hooks.
// An undo refused because members were changed since (409 members_undo_conflict)
// names them and offers to undo the rest, leaving those members as they are.

/**
 * How long an undo notification stays. Longer than plain confirmations (spec §9: 2 s):
 * the user must have time to reach the button (WCAG 2.2.1); hovering or focusing it
 * pauses the timer.
 */
const UNDO_VISIBLE_MS = 10_000;

function invalidate(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['members'] }),
    queryClient.invalidateQueries({ queryKey: ['groups'] }),
  ]);
}

function isConflict(error: unknown): error is { params: Record<string, unknown> | undefined } {
  return isApiError(error) && error.status === 409 && (error.errors.general ?? []).includes('members_undo_conflict');
}

async function runUndo(queryClient: QueryClient, batchId: string, keepChanged: boolean): Promise<void> {
  try {
    const result = await postUndo(batchId, keepChanged);
    notifySuccess(keepChanged ? i18n.t('undo.done_kept', { count: result.kept }) : i18n.t('undo.done'));
  } catch (error) {
    if (!keepChanged && isConflict(error)) {
      showConflict(queryClient, batchId, error.params ?? {});
      return;
    }
    notifyError(messageText(bannerKeys(error)[0] ?? 'server_error', isApiError(error) ? error.params : undefined));
  } finally {
    await invalidate(queryClient);
  }
}

/** Stays until closed: the user has to read the names and decide. Focus moves to its button. */
function showConflict(queryClient: QueryClient, batchId: string, params: Record<string, unknown>): void {
  const id = `undo-conflict-${batchId}`;
  const names = Array.isArray(params.members) ? params.members.filter((m): m is string => typeof m === 'string') : [];
  const count = typeof params.count === 'number' ? params.count : names.length;
  notifications.show({
    id,
    color: 'yellow',
    autoClose: false,
    title: i18n.t('undo.conflict_title'),
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    message: (
      <Stack gap="xs">
        <Text size="sm">{messageText('members_undo_conflict', { count })}</Text>
        {names.length > 0 ? (
          <List size="sm" data-testid="undo-conflict-names">
            {names.map((name, index) => (
              <List.Item key={`${name}-${String(index)}`}>{name}</List.Item>
            ))}
          </List>
        ) : null}
        {count > names.length ? <Text size="sm">{i18n.t('undo.conflict_more', { count: count - names.length })}</Text> : null}
        <Group gap="xs">
          <Button
            size="xs"
            data-undo-keep={batchId}
            onClick={() => {
              notifications.hide(id);
              void runUndo(queryClient, batchId, true);
            }}
          >
            {i18n.t('undo.keep_changed')}
          </Button>
        </Group>
      </Stack>
    ),
  });
  // The "Kumoa" button that had focus is gone with its notification.
  window.setTimeout(() => document.querySelector<HTMLElement>(`[data-undo-keep="${batchId}"]`)?.focus(), 50);
}

function showUndo(queryClient: QueryClient, message: string, batchId: string): void {
  const id = `undo-${batchId}`;
  notifications.show({
    id,
    color: 'green',
    autoClose: UNDO_VISIBLE_MS,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            void runUndo(queryClient, batchId, false);
          }}
        >
          {i18n.t('undo.button')}
        </Button>
      </Group>
    ),
  });
}

/** Shows "<message> [Kumoa]" for a batch the server can undo. */
export function useUndoNotification(): (message: string, batchId: string) => void {
  const queryClient = useQueryClient();
  return useCallback((message: string, batchId: string) => showUndo(queryClient, message, batchId), [queryClient]);
}
