import { Alert, Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import type { MemberReply } from '../../api/members';
import { isLinkInvalid, useConfirmH, useEditMeH, useUpdateMeH } from '../../api/editLinks';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { editMeHashClaimsPath, editMeThanksPath, PATHS } from '../../paths';
import { MemberForm } from '../members/MemberForm';
import { hasReadOnlyField, ownFormFields } from './ownForm';
import { PublicFrame } from './PublicFrame';
import { OwnDataSection } from './OwnDataSection';

// The member's own form opened by a personal link (/edit_me_h/{hash}; no sign-in): the
// same form as /edit_me_s without the password, saved with update_me_h, or confirmed as it
// is with confirm_h. Both end at the thank-you page. A link that no longer works (spec §8,
// edit-me load failure) goes to ordering a new one, which shows the alert.

/** `/edit_me_h/:hash` (public) */
export function EditMeHashPage() {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const editMe = useEditMeH(hash);
  const update = useUpdateMeH(hash);
  const confirm = useConfirmH(hash);
  const [linkGone, setLinkGone] = useState(false);
  const held = useRef(false);
  useDocumentTitle(t('app.document_title', { page: t('edit_me.page'), site: t('app.name') }));

  useEffect(() => {
    if (isLinkInvalid(editMe.error)) void navigate(PATHS.updateRequestEditLinks, { replace: true, state: { linkInvalid: true } });
  }, [editMe.error, navigate]);

  const data = editMe.data;
  const fields = useMemo(() => (data ? ownFormFields(data.fields, data.locked_) : []), [data]);
  const confirmed = useGuardedSubmit(async () => {
    try {
      await confirm.mutateAsync();
    } catch (failure) {
      if (isLinkInvalid(failure)) setLinkGone(true);
      return;
    }
    void navigate(`${editMeThanksPath('h')}?confirmed=1`);
  });

  let content;
  if (editMe.isError) content = isLinkInvalid(editMe.error) ? <PageLoader minHeight={240} /> : <ErrorBanner error={editMe.error} onRetry={() => void editMe.refetch()} />;
  else if (!data) content = <PageLoader minHeight={240} />;
  else {
    const locked = (data.locked_ ?? []).length > 0;
    content = (
      <Stack gap="md">
        <Text fw={600}>{data.member.fullname_}</Text>
        <Text>{t('edit_me.link_intro')}</Text>
        <Text size="sm">{hasReadOnlyField(fields) ? t('edit_me.required_and_readonly_note') : t('edit_me.required_note')}</Text>
        {locked ? <Text size="sm">{t('edit_me.locked_note')}</Text> : null}
        {data.link_ ? <Text size="sm">{t('edit_me.link_valid_until', { until: formatFinnishDateTime(data.link_.expires_at, t('log.klo')) })}</Text> : null}
        {data.link_?.eclaim ? (
          <Anchor component={Link} to={editMeHashClaimsPath(hash)} data-testid="edit-me-claims">
            {t('eclaimform.page')}
          </Anchor>
        ) : null}
        {linkGone ? (
          <Alert color="red" variant="light" role="alert">
            {t('edit_link_invalid')}{' '}
            <Anchor component={Link} to={PATHS.updateRequestEditLinks}>
              {t('edit_me.order_new_link')}
            </Anchor>
          </Alert>
        ) : null}
        <ErrorBanner error={confirm.error} />
        <MemberForm<MemberReply>
          variant="link"
          fields={fields}
          groups={[]}
          member={data.member}
          save={async (body) => {
            try {
              const reply = await update.mutateAsync(body);
              held.current = (reply.held_ ?? []).length > 0;
              return reply.member;
            } catch (failure) {
              if (isLinkInvalid(failure)) setLinkGone(true);
              throw failure;
            }
          }}
          onSaved={() => `${editMeThanksPath('h')}${held.current ? '?held=1' : ''}`}
          submitLabel={t('edit_me.submit')}
        />
        <Divider />
        <div>
          <Button variant="light" loading={confirmed.pending} onClick={() => void confirmed.run()}>
            {t('edit_me.confirm')}
          </Button>
        </div>
        <OwnDataSection linkToken={hash} />
      </Stack>
    );
  }

  return (
    <PublicFrame size={800}>
      <Title order={1} size="h2" mb="md">
        {t('edit_me.page')}
      </Title>
      {content}
    </PublicFrame>
  );
}
