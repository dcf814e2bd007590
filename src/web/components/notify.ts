import { notifications } from '@mantine/notifications';
import { NOTIFICATION_FADE_MS } from '../../shared/constants';
import i18n from '../i18n/setup';
import { recoverFocusSoon } from './focusRecovery';

// Short confirmations ("Jäsen poistettu.") that fade after NOTIFICATION_FADE_MS.
// Errors that need reading belong in an ErrorBanner, not here.

function show(message: string, color: 'green' | 'red'): void {
  notifications.show({
    message,
    color,
    autoClose: NOTIFICATION_FADE_MS,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
  // The change is done: focus lost on the way (disabled save button, vanished undo
  // button) goes to the page heading, the message itself being announced (role alert).
  recoverFocusSoon();
}

export const notifySuccess = (message: string): void => show(message, 'green');

export const notifyError = (message: string): void => show(message, 'red');
