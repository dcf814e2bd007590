import { Alert, Button, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PD_DASHBOARD_HELP_SEEN } from '../../../shared/constants';
import { useSetPersistentData } from '../../api/session';
import { useCurrentSession } from '../../auth/SessionContext';
import { notifyError } from '../../components/notify';
import { messageText } from '../../i18n/messages';

/**
 * First-visit help for site admins. Dismissing it is stored in the
 * user's persistent data, so it stays away on every device.
 */
export function DashboardHelp() {
  const { t } = useTranslation();
  const { user, persistent_data } = useCurrentSession();
  const save = useSetPersistentData();

  if (!user.site_admin || persistent_data[PD_DASHBOARD_HELP_SEEN] === true) return null;

  const dismiss = () => {
    // The button disappears with the bubble; hand focus to the page heading, not to <body>.
    document.querySelector<HTMLElement>('[data-page-heading]')?.focus();
    save.mutate(
      { key: PD_DASHBOARD_HELP_SEEN, val: true },
      { onError: () => notifyError(messageText('server_error')) },
    );
  };

  return (
    <Alert
      component="section"
      role="region"
      aria-label={t('dashboard.help_title')}
      color="blue"
      variant="light"
      icon={<IconBulb aria-hidden />}
      title={t('dashboard.help_title')}
      mb="lg"
      data-testid="dashboard-help"
    >
      <Text mb="sm">{t('dashboard.help_text')}</Text>
      <Button size="sm" onClick={dismiss}>
        {t('dashboard.help_dismiss')}
      </Button>
    </Alert>
  );
}
