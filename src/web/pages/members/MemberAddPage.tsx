import { useTranslation } from 'react-i18next';
import { useSaveMember } from '../../api/members';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { MemberForm } from './MemberForm';
import { MemberFormLoader } from './MemberFormLoader';
import { memberEditPath } from '../../paths';

/** `/members/add`: a new member; once saved, the page becomes the member's edit page. */
export function MemberAddPage() {
  const { t } = useTranslation();
  const save = useSaveMember(null);
  return (
    <>
      <PageHeader title={t('members.add_page')} />
      <MemberFormLoader>
        {({ fields, groups }) => (
          <MemberForm
            fields={fields}
            groups={groups}
            member={null}
            save={(body) => save.mutateAsync(body)}
            onSaved={(member) => {
              notifySuccess(t('members.created'));
              return memberEditPath(member.id);
            }}
            submitLabel={t('members.add_submit')}
          />
        )}
      </MemberFormLoader>
    </>
  );
}
