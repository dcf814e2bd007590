import { Alert, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VISIBILITY_READONLY } from '../../../shared/fields/types';
import type { MemberReply } from '../../api/members';
import { useEditMe, useUpdateMe } from '../../api/updreqs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { MemberForm } from '../members/MemberForm';
import { ownFields } from '../members/variantFields';

// Member self-edit by session (/edit_me_s; an ordinary member sees only edit-me pages):
// the signed-in member's own form, each field per its visibility — read-only
// ones as text, required ones marked — saved with update_me_s.

/** `/edit_me_s` */
export function EditMeSessionPage() {
  const { t } = useTranslation();
  const editMe = useEditMe();
  const update = useUpdateMe();
  const [held, setHeld] = useState(false);
  const fields = useMemo(() => (editMe.data ? ownFields(editMe.data.fields) : []), [editMe.data]);
  const hasReadOnly = fields.some((f) => f.type !== 'heading' && f.visibility === VISIBILITY_READONLY);

  const header = <PageHeader title={t('edit_me.page')} />;
  if (editMe.isError) {
    return (
      <>
        {header}
        <ErrorBanner error={editMe.error} onRetry={() => void editMe.refetch()} />
      </>
    );
  }
  if (!editMe.data) {
    return (
      <>
        {header}
        <PageLoader minHeight={240} />
      </>
    );
  }

  const member = editMe.data.member;
  return (
    <>
      {header}
      <Stack gap="xs" mb="lg" maw={760}>
        <Text>{t('edit_me.intro')}</Text>
        <Text size="sm">{hasReadOnly ? t('edit_me.required_and_readonly_note') : t('edit_me.required_note')}</Text>
      </Stack>
      {held && (
        <Alert color="yellow" variant="light" role="status" mb="lg" maw={760}>
          {t('edit_me.held_for_check')}
        </Alert>
      )}
      <MemberForm<MemberReply>
        key={member.id}
        variant="self"
        fields={fields}
        groups={[]}
        member={member}
        save={async (body) => {
          const reply = await update.mutateAsync(body);
          setHeld((reply.held_ ?? []).length > 0);
          return reply.member;
        }}
        onSaved={() => {
          notifySuccess(t('edit_me.saved'));
        }}
        submitLabel={t('edit_me.submit')}
      />
    </>
  );
}
