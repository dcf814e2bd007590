import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PATHS } from '../../paths';
import { PublicFrame } from './PublicFrame';

// Where the member's own form ends: source 'h' (by personal link: nothing more to do, the
// page may be closed) or 's' (signed in: back to the own data). `?confirmed=1` after
// "Tiedot ovat ajan tasalla", `?held=1` when an email/phone change waits for an admin.

/** `/edit_me_thanks/:source` (public) */
export function EditMeThanksPage() {
  const { t } = useTranslation();
  const { source } = useParams();
  const [params] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t('app.document_title', { page: t('edit_me_thanks.page'), site: t('app.name') }));
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <PublicFrame size={560}>
      <Stack gap="md" align="flex-start" data-testid="edit-me-thanks">
        <IconCircleCheck size={48} color="var(--mantine-color-green-8)" aria-hidden />
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('edit_me_thanks.page')}
        </Title>
        <Text>{params.get('confirmed') === '1' ? t('edit_me_thanks.confirmed') : t('edit_me_thanks.saved')}</Text>
        {params.get('held') === '1' ? (
          <Alert color="yellow" variant="light" role="status">
            {t('edit_me.held_for_check')}
          </Alert>
        ) : null}
        {source === 's' ? (
          <Anchor component={Link} to={PATHS.editMeSession}>
            {t('edit_me_thanks.back')}
          </Anchor>
        ) : (
          <Text>{t('edit_me_thanks.close')}</Text>
        )}
      </Stack>
    </PublicFrame>
  );
}
