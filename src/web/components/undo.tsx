import { Button, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { bannerKeys } from '../api/errorKeys';
import { isApiError } from '../api/errors';
import { postUndo } from '../api/membersList';
import { messageText } from '../i18n/messages';
import i18n from '../i18n/setup';
import { holdFocus, recoverFocusSoon } from './focusRecovery';
import { notifyError, notifySuccess } from './notify';

// "Jäsen poistettu. Kumoa": a change that can be undone says so in a
// notification with a "Kumoa" button. Notifications live outside the router and the
// query provider, so the handlers close over the query client instead of using hooks.
// An undo refused because members were changed since (409 members_undo_conflict)
// names them and offers to undo the rest, leaving those members as they are.

// The notification stays until closed (Escape or its close button), and
// focus moves to its "Kumoa" right after the action, so a keyboard user can undo at once.
// The same undo runs from "Viimeisimmät muutokset" and the batch's log entry (useUndoBatch).

function invalidate(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['members'] }),
    queryClient.invalidateQueries({ queryKey: ['groups'] }),
    queryClient.invalidateQueries({ queryKey: ['batches'] }),
    queryClient.invalidateQueries({ queryKey: ['log'] }),
  ]);
}

function isConflict(error: unknown): error is { params: Record<string, unknown> | undefined } {
  return isApiError(error) && error.status === 409 && (error.errors.general ?? []).includes('members_undo_conflict');
}

async function runUndo(queryClient: QueryClient, batchId: string, keepChanged: boolean): Promise<void> {
  notifications.hide(`undo-${batchId}`);
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
  holdFocus(`[data-undo-keep="${batchId}"]`);
}

function showUndo(queryClient: QueryClient, message: string, batchId: string): void {
  const id = `undo-${batchId}`;
  notifications.show({
    id,
    color: 'green',
    // Stays until closed (WCAG 2.2.1): the user decides when the chance to undo goes.
    autoClose: false,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onClose: () => recoverFocusSoon(),
    message: (
      <Group
        gap="sm"
        justify="space-between"
        wrap="nowrap"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          notifications.hide(id);
        }}
      >
        <Text size="sm">
          {message} <VisuallyHidden component="span">{i18n.t('undo.escape_hint')}</VisuallyHidden>
        </Text>
        <Button size="xs" variant="light" data-undo-button={batchId} onClick={() => void runUndo(queryClient, batchId, false)}>
          {i18n.t('undo.button')}
        </Button>
      </Group>
    ),
  });
  // The action often moves to another page, whose heading takes focus once it has rendered.
  holdFocus(`[data-undo-button="${batchId}"]`);
}

/** Undoes a batch from a list or a log entry, with the same conflict handling as the notification. */
export function useUndoBatch(): (batchId: string) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((batchId: string) => runUndo(queryClient, batchId, false), [queryClient]);
}

/** Shows "<message> [Kumoa]" for a batch the server can undo. */
export function useUndoNotification(): (message: string, batchId: string) => void {
  const queryClient = useQueryClient();
  return useCallback((message: string, batchId: string) => showUndo(queryClient, message, batchId), [queryClient]);
}
