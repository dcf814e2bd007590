import { Button, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../auth/roles';
import { useCurrentSession } from '../../auth/SessionContext';
import { PageHeader } from '../../components/PageHeader';
import { appRoutes, PATHS } from '../../routes';

/** A registered page the user's role does not reach. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const dashboard = appRoutes.find((route) => route.path === PATHS.dashboard);
  const canGoHome = dashboard !== undefined && hasRole(user, dashboard.role);
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
