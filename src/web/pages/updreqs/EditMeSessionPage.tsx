import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberReply } from '../../api/members';
import { useEditMe, useUpdateMe } from '../../api/updreqs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { editMeThanksPath } from '../../paths';
import { MemberForm } from '../members/MemberForm';
import { hasReadOnlyField, ownFormFields } from './ownForm';
import { OwnDataSection } from './OwnDataSection';

// Member self-edit by session (/edit_me_s; an ordinary member sees only edit-me pages):
// the signed-in member's own form, each field per its visibility — read-only
// ones as text, required ones marked — saved with update_me_s. With guardian emails on,
// "Muokattavat tiedot" switches to a dependant's form (edit_for), whose save ends at the
// thank-you page; the own form stays and says it was saved (and what waits for an admin).

/** `/edit_me_s` */
export function EditMeSessionPage() {
  const { t } = useTranslation();
  const [editFor, setEditFor] = useState<number | undefined>(undefined);
  // The own form's reply lists the dependants; the shown form is the chosen one's (the same query when it is the own).
  const ownForm = useEditMe();
  const editMe = useEditMe(editFor);
  const update = useUpdateMe(editFor);
  const [held, setHeld] = useState(false);
  const heldNow = useRef(false);
  const data = editMe.data;
  const fields = useMemo(() => (data ? ownFormFields(data.fields, data.locked_) : []), [data]);
  const own = ownForm.data ? { id: ownForm.data.member.id, name: ownForm.data.member.fullname_, dependants: ownForm.data.dependants_ ?? [] } : null;

  const header = <PageHeader title={t('edit_me.page')} />;
  const chooser =
    own && own.dependants.length > 0 ? (
      <NativeSelect
        label={t('edit_me.edit_for')}
        maw={420}
        mb="lg"
        value={String(editFor ?? own.id)}
        onChange={(e) => {
          const id = Number(e.currentTarget.value);
          setHeld(false);
          setEditFor(id === own.id ? undefined : id);
        }}
        data={[{ value: String(own.id), label: t('edit_me.edit_for_own', { name: own.name }) }, ...own.dependants.map((d) => ({ value: String(d.id), label: d.fullname_ }))]}
      />
    ) : null;

  if (editMe.isError) {
    return (
      <>
        {header}
        {chooser}
        <ErrorBanner error={editMe.error} onRetry={() => void editMe.refetch()} />
      </>
    );
  }
  if (!data) {
    return (
      <>
        {header}
        {chooser}
        <PageLoader minHeight={240} />
      </>
    );
  }

  const member = data.member;
  const forDependant = editFor !== undefined;
  return (
    <>
      {header}
      {chooser}
      <Stack gap="xs" mb="lg" maw={760}>
        <Text>{t('edit_me.intro')}</Text>
        <Text size="sm">{hasReadOnlyField(fields) ? t('edit_me.required_and_readonly_note') : t('edit_me.required_note')}</Text>
        {(data.locked_ ?? []).length > 0 ? <Text size="sm">{t('edit_me.locked_note')}</Text> : null}
      </Stack>
      {held && (
        <Alert color="yellow" variant="light" role="status" mb="lg" maw={760}>
          {t('edit_me.held_for_check')}
        </Alert>
      )}
      <MemberForm<MemberReply>
        key={member.id}
        // A dependant's password is theirs: the guardian's form has no password section.
        variant={forDependant ? 'link' : 'self'}
        fields={fields}
        groups={[]}
        member={member}
        save={async (body) => {
          const reply = await update.mutateAsync(body);
          heldNow.current = (reply.held_ ?? []).length > 0;
          setHeld(heldNow.current);
          return reply.member;
        }}
        onSaved={() => {
          if (forDependant) return `${editMeThanksPath('s')}${heldNow.current ? '?held=1' : ''}`;
          notifySuccess(t('edit_me.saved'));
        }}
        submitLabel={t('edit_me.submit')}
      />
      {forDependant ? null : <OwnDataSection />}
    </>
  );
}
