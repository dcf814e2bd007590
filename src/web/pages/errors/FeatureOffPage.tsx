import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_FEATURES, type PageFeature } from '../../access';
import { PageHeader } from '../../components/PageHeader';
import { messageText } from '../../i18n/messages';

/** A page of a feature the association has switched off in its settings. */
export function FeatureOffPage({ feature }: { feature: PageFeature }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(PAGE_FEATURES[feature].title)} />
      <Alert color="blue" variant="light" role="status">
        {messageText(PAGE_FEATURES[feature].off)}
      </Alert>
    </>
  );
}
