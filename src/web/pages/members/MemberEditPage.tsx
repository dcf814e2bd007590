import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useMember, useSaveMember } from '../../api/members';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { isRegistered } from '../../access';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { MemberEditActions } from './MemberEditActions';
import { MemberForm } from './MemberForm';
import { MemberFormLoader } from './MemberFormLoader';

/** `/members/{id}/edit`: the member's data in the member form; saving stays on the page. */
export function MemberEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const memberId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : null;
  const member = useMember(memberId);
  const save = useSaveMember(memberId);
  const back = isRegistered(PATHS.members) ? PATHS.members : PATHS.dashboard;
  const backLabel = isRegistered(PATHS.members) ? t('members.back_to_list') : t('not_found.home');

  if (memberId === null || (isApiError(member.error) && member.error.status === 404)) {
    return <NotFoundContent title={t('members.not_found')} backTo={back} backLabel={backLabel} />;
  }
  if (member.isError) {
    return (
      <>
        <PageHeader title={t('members.edit_page')} />
        <ErrorBanner error={member.error} onRetry={() => void member.refetch()} />
      </>
    );
  }
  if (!member.data) return <PageLoader />;

  return (
    <>
      <PageHeader title={member.data.fullname_ || t('members.edit_page')}>
        <MemberEditActions memberId={member.data.id} name={member.data.fullname_} />
      </PageHeader>
      <MemberFormLoader>
        {({ fields, groups }) => (
          <MemberForm
            key={member.data.id}
            fields={fields}
            groups={groups}
            member={member.data}
            save={(body) => save.mutateAsync(body)}
            onSaved={() => {
              notifySuccess(t('members.saved'));
            }}
            submitLabel={t('common.save')}
          />
        )}
      </MemberFormLoader>
    </>
  );
}
