import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../paths';
import { Composer } from '../announcements/Composer';
import { defaultUpdreqDraft, UPDREQ_KIND } from './updreqKind';

/** `/updreqs/new`: the composer with the usual subject and a short text to start from. */
export function UpdreqNewPage() {
  const { t } = useTranslation();
  const [initial] = useState(() => defaultUpdreqDraft(t('updreqs.default_subject'), t('updreqs.default_content')));
  return (
    <>
      <PageHeader title={t('updreqs.new_page')}>
        <BackToUpdreqs />
      </PageHeader>
      <Composer id={null} initial={initial} kind={UPDREQ_KIND} />
    </>
  );
}

export function BackToUpdreqs() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={PATHS.updateRequests} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      {t('updreqs.back')}
    </Button>
  );
}
