import { ExpenseClaimsMemberPage } from './ExpenseClaimsMemberPage';

// Stands in for part H's treasurer page (branch x-claimadmin) until the branches are merged;
// H's file of the same name replaces this one.
export const ExpenseClaimsAdminPage = ExpenseClaimsMemberPage;
