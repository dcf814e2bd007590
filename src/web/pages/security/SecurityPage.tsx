import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteAdmins } from '../../api/security';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SettingsNav } from '../settings/SettingsNav';
import { OwnMfaSection } from './OwnMfaSection';
import { PolicySection } from './PolicySection';
import { SiteAdminsSection } from './SiteAdminsSection';

/**
 * `/config/security`: the site-wide two-factor policy, the signed-in
 * admin's own authenticator, and every site admin with 2FA state and open sessions.
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const admins = useSiteAdmins();
  const data = admins.data;
  const me = data?.site_admins.find((admin) => admin.me);

  return (
    <>
      <PageHeader title={t('security.page')} />
      <SettingsNav />
      <Stack gap="xl" maw={1040}>
        <Text maw={760}>{t('security.intro')}</Text>
        {admins.isError ? (
          <ErrorBanner error={admins.error} onRetry={() => void admins.refetch()} />
        ) : !data ? (
          <PageLoader minHeight={200} />
        ) : (
          <>
            <SecuritySection title={t('security.policy_title')}>
              {/* A new policy from the server starts the choice afresh. */}
              <PolicySection key={data.mfa_enabled_for} current={data.mfa_enabled_for} />
            </SecuritySection>
            <SecuritySection title={t('security.own_title')}>
              <OwnMfaSection me={me ?? null} />
            </SecuritySection>
            <SecuritySection title={t('security.admins_title')}>
              <SiteAdminsSection admins={data.site_admins} />
            </SecuritySection>
          </>
        )}
      </Stack>
    </>
  );
}

/** One titled part of the page, a region named by its h2. */
function SecuritySection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="lg" radius="md">
      <Title order={2} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
