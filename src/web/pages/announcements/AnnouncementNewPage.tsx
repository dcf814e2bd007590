import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../paths';
import { Composer } from './Composer';
import { EMPTY_DRAFT } from './composerModel';

/** `/announcements/new` */
export function AnnouncementNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('announcements.new_page')}>
        <BackToList />
      </PageHeader>
      <Composer id={null} initial={EMPTY_DRAFT} />
    </>
  );
}

export function BackToList() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={PATHS.announcements} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      {t('announcements.back')}
    </Button>
  );
}
