import { Anchor } from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EditLinkContext, type EditLinkValue } from '../../api/editLinkContext';
import { isLinkInvalid } from '../../api/editLinks';
import { useMyExpenseClaims } from '../../api/expenseclaims';
import { editMeHashClaimNewPath, editMeHashClaimPath, editMeHashClaimsPath, editMeHashPath, PATHS } from '../../paths';
import { PublicFrame } from '../updreqs/PublicFrame';
import { ExpenseClaimMemberView } from './ExpenseClaimMemberView';
import { ExpenseClaimNewPage } from './ExpenseClaimNewPage';
import { ExpenseClaimsMemberPage } from './ExpenseClaimsMemberPage';

// The member's own expense claims opened by personal link (/edit_me_h/:hash/expenseclaim…,
// no sign-in): the same pages as /expenseclaim…, with the link in context, so the client
// sends it as the x-edit-link header and the pages link within the link's paths. A link that
// no longer works goes to ordering a new one, as on /edit_me_h.

const PAGES = { list: ExpenseClaimsMemberPage, new: ExpenseClaimNewPage, claim: ExpenseClaimMemberView } as const;

/** `/edit_me_h/:hash/expenseclaim`, `…/new` and `…/:id` (public) */
export function EditLinkClaimsPage({ page }: { page: keyof typeof PAGES }) {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const value = useMemo<EditLinkValue>(
    () => ({ token: hash, paths: { list: editMeHashClaimsPath(hash), new: editMeHashClaimNewPath(hash), claim: (id) => editMeHashClaimPath(hash, id) } }),
    [hash],
  );
  const Page = PAGES[page];
  return (
    <EditLinkContext.Provider value={value}>
      <PublicFrame size={960}>
        <LinkGuard>
          <Page />
        </LinkGuard>
        <Anchor component={Link} to={editMeHashPath(hash)} size="sm" display="inline-block" mt="lg">
          {t('edit_me.page')}
        </Anchor>
      </PublicFrame>
    </EditLinkContext.Provider>
  );
}

/** Sends a holder of a dead link to order a new one (the pages all load the own claims). */
function LinkGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const mine = useMyExpenseClaims();
  useEffect(() => {
    if (isLinkInvalid(mine.error)) void navigate(PATHS.updateRequestEditLinks, { replace: true, state: { linkInvalid: true } });
  }, [mine.error, navigate]);
  return <>{children}</>;
}
