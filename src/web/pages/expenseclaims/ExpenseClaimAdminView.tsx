import { ExpenseClaimMemberView } from './ExpenseClaimMemberView';

// Stands in for part H's treasurer view of a claim (branch x-claimadmin) until the branches are
// merged; H's file of the same name replaces this one.
export const ExpenseClaimAdminView = ExpenseClaimMemberView;
