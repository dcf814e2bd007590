import { useCurrentSession } from '../../auth/SessionContext';
import { ExpenseClaimAdminView } from './ExpenseClaimAdminView';
import { ExpenseClaimMemberView } from './ExpenseClaimMemberView';

/** `/expenseclaim/:id`: the treasurer's view of any claim for a site admin, the claimant's own view (or form) otherwise. */
export function ExpenseClaimPage() {
  const { user } = useCurrentSession();
  return user.site_admin ? <ExpenseClaimAdminView /> : <ExpenseClaimMemberView />;
}
