import { ExpenseClaimAdminView } from './ExpenseClaimAdminView';

// `/expenseclaim/{id}`. Only the treasurer's view on this branch; part G's version of this
// file chooses by role (ExpenseClaimAdminView for site admins, ExpenseClaimMemberView for the
// claimant) and replaces this one when the branches are merged.
export function ExpenseClaimPage() {
  return <ExpenseClaimAdminView />;
}
