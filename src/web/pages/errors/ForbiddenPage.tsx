import { Button, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen } from '../../access';
import { useCurrentSession } from '../../auth/SessionContext';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../paths';

/** A registered page the user's role does not reach. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const canGoHome = canOpen(user, PATHS.dashboard);
  return (
    <>
      <PageHeader title={t('forbidden.page')} />
      <Text mb="lg">{t('forbidden')}</Text>
      {canGoHome ? (
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />} variant="light">
          {t('forbidden.home')}
        </Button>
      ) : null}
    </>
  );
}
