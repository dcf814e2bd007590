import { Button, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

/** A page whose thing does not exist (an unknown or another association's id). */
export function NotFoundContent({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Text mb="lg">{t('not_found.item_text')}</Text>
      <Button component={Link} to={backTo} leftSection={<IconArrowLeft size={18} aria-hidden />} variant="light">
        {backLabel}
      </Button>
    </>
  );
}
