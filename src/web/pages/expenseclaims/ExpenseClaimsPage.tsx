import { useCurrentSession } from '../../auth/SessionContext';
import { ExpenseClaimsAdminPage } from './ExpenseClaimsAdminPage';
import { ExpenseClaimsMemberPage } from './ExpenseClaimsMemberPage';

/** `/expenseclaim`: the treasurer's claimants for a site admin, one's own claims for everyone else. */
export function ExpenseClaimsPage() {
  const { user } = useCurrentSession();
  return user.site_admin ? <ExpenseClaimsAdminPage /> : <ExpenseClaimsMemberPage />;
}
