import { useEditLink, type ClaimPaths } from '../../api/editLinkContext';
import { expenseClaimPath, PATHS } from '../../paths';

const SESSION_PATHS: ClaimPaths = { list: PATHS.expenseClaims, new: PATHS.expenseClaimNew, claim: expenseClaimPath };

/** Where the member's claim pages link to: the signed-in /expenseclaim… or, by link, /edit_me_h/:hash/expenseclaim…. */
export function useClaimPaths(): ClaimPaths {
  return useEditLink()?.paths ?? SESSION_PATHS;
}
