import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../paths';
import { CleanAccountingSection } from './CleanAccountingSection';
import { RetentionForm } from './RetentionForm';
import { SettingsNav } from './SettingsNav';

/** `/config/settings_retention`: how long member data is kept, and deleting old accounting years. */
export function RetentionSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('retention.page')} />
      <SettingsNav />
      <Stack gap="lg" maw={640}>
        <Text>{t('retention.intro')}</Text>
        <RetentionForm />
        <Anchor component={Link} to={PATHS.retentionReview}>
          {t('retention.review_link')}
        </Anchor>
        <Divider />
        <CleanAccountingSection />
      </Stack>
    </>
  );
}
