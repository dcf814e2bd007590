import { Button, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

/** Every path without a registered page: 'Sivua ei löytynyt!'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('not_found.page');
  return (
    <>
      <PageHeader title={title} documentTitle={title} />
      <Text mb="lg">{t('not_found.text')}</Text>
      <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />} variant="light">
        {t('not_found.home')}
      </Button>
    </>
  );
}
