import { Alert } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMemberSettings } from '../api/memberSettings';

/** A blocked association cannot send messages until support clears it; say so on every page. */
export function BlockedNotice() {
  const { t } = useTranslation();
  const settings = useMemberSettings();
  if (settings.data?.trust_status !== 'BLOCKED') return null;
  return (
    <Alert color="yellow" variant="light" role="note" icon={<IconBan aria-hidden />} mb="lg">
      {t('layout.messaging_blocked')}
    </Alert>
  );
}
