import { Alert, Button, Group, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { bannerKeys } from '../api/errorKeys';
import { isApiError } from '../api/errors';
import { messageText } from '../i18n/messages';

interface ErrorBannerProps {
  /** The failed call's error; nothing is shown while it is null. */
  error: unknown;
  /** Fields the surrounding form shows: their keys appear under the fields, not here. */
  fields?: readonly string[];
  onRetry?: () => void;
}

/**
 * The banner at the top of a page or modal: the reply's `general` keys in
 * Finnish with their parameters, or the generic "Virhe - Jotain meni pieleen…".
 */
export function ErrorBanner({ error, fields = [], onRetry }: ErrorBannerProps) {
  const { t } = useTranslation();
  const keys = bannerKeys(error, fields);
  if (keys.length === 0) return null;
  const params = isApiError(error) ? error.params : undefined;
  const messages = keys.map((key) => ({ key, text: messageText(key, params) }));

  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" mb="md">
      {messages.length === 1 ? (
        messages[0]?.text
      ) : (
        <List size="sm">
          {messages.map(({ key, text }) => (
            <List.Item key={key}>{text}</List.Item>
          ))}
        </List>
      )}
      {onRetry ? (
        <Group mt="sm">
          <Button variant="default" size="xs" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
