import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';

export interface UnsavedChangesGuard {
  /** The confirm modal; render it somewhere in the page. */
  prompt: ReactElement;
  /**
   * Lets the next navigation through without asking: call it right after a save,
   * before navigating away (the blocker only sees the new `dirty` after a render).
   */
  allowNextNavigation: () => void;
}

/** The modal's texts, for pages where leaving means something else than losing edits (an import in progress). */
export interface GuardTexts {
  title: string;
  text: string;
  stay: string;
  leave: string;
}

/**
 * Asks before leaving a page with unsaved changes. In-app navigation gets a
 * Finnish confirm modal; closing the tab or reloading gets the browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean, texts?: GuardTexts): UnsavedChangesGuard {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (allowed.current) {
        allowed.current = false;
        return false;
      }
      return (
        dirty &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search)
      );
    },
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const stay = () => blocker.reset?.();
  const leave = () => blocker.proceed?.();
  const allowNextNavigation = useCallback(() => {
    allowed.current = true;
  }, []);

  const prompt = (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={stay}
      title={texts?.title ?? t('unsaved.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Text mb="lg">{texts?.text ?? t('unsaved.text')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={stay} data-autofocus>
          {texts?.stay ?? t('unsaved.stay')}
        </Button>
        <Button color="red" onClick={leave}>
          {texts?.leave ?? t('unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
  return { prompt, allowNextNavigation };
}
