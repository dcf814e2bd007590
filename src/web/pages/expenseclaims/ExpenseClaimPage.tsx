import { useParams } from 'react-router';
import { useExpenseClaim } from '../../api/expenseclaims';
import { useCurrentSession } from '../../auth/SessionContext';
import { PageLoader } from '../../components/PageLoader';
import { ExpenseClaimAdminView } from './ExpenseClaimAdminView';
import { ExpenseClaimMemberView } from './ExpenseClaimMemberView';

/**
 * `/expenseclaim/:id`: the treasurer's view of any claim for a site admin, the claimant's own
 * view (or form) otherwise. A site admin's own pending claim is theirs to change like any
 * member's (the reply's `editable`), so it opens in the member's form.
 */
export function ExpenseClaimPage() {
  const { user } = useCurrentSession();
  return user.site_admin ? <SiteAdminClaim /> : <ExpenseClaimMemberView />;
}

function SiteAdminClaim() {
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const claim = useExpenseClaim(id);
  if (id !== null && claim.isPending) return <PageLoader />;
  return claim.data?.editable ? <ExpenseClaimMemberView /> : <ExpenseClaimAdminView />;
}
