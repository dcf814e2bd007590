import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useExpenseClaimAdmin } from '../../api/expenseclaimsAdmin';
import { isApiError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { BackToExpenseClaims } from './ExpenseClaimsArchivePage';
import { ExpenseClaimAdminView } from './ExpenseClaimAdminView';

// `/expenseclaim/{id}`. Site admins get the treasurer's view; the claimant's own view
// (ExpenseClaimMemberView, part G) is chosen here by role once both are merged.

export function ExpenseClaimPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const query = useExpenseClaimAdmin(id);
  const claim = query.data;

  const notFound = <NotFoundContent title={t('eclaimadmin.not_found')} backTo={PATHS.expenseClaims} backLabel={t('eclaimadmin.back')} />;
  if (id === null) return notFound;
  if (query.isError && !claim) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('eclaimadmin.page')}>
          <BackToExpenseClaims />
        </PageHeader>
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!claim) {
    return (
      <>
        <PageHeader title={t('eclaimadmin.page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('eclaimadmin.claim_page', { id: claim.id })}>
        <BackToExpenseClaims />
      </PageHeader>
      <ExpenseClaimAdminView claim={claim} />
    </>
  );
}
