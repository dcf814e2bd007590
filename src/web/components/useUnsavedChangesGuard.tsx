import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Asks before leaving a page with unsaved changes (spec §2). In-app navigation gets a
 * Finnish confirm modal; closing the tab or reloading gets the browser's own prompt.
 * Render the returned element somewhere in the page.
 */
export function useUnsavedChangesGuard(dirty: boolean): ReactElement {
  const { t } = useTranslation();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={stay}
      title={t('unsaved.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Text mb="lg">{t('unsaved.text')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={stay} data-autofocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="red" onClick={leave}>
          {t('unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
