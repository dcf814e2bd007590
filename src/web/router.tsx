import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { RequireRole } from './auth/RequireRole';
import { AppLayout } from './layout/AppLayout';
import { ApplyPage } from './pages/apply/ApplyPage';
import { CardPublicPage } from './pages/membercards/CardPublicPage';
import { CardVerifyPage } from './pages/membercards/CardVerifyPage';
import { LoginPage } from './pages/auth/LoginPage';
import { LogoutPage } from './pages/auth/LogoutPage';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage';
import { ResetRequestPage } from './pages/auth/ResetRequestPage';
import { CrashPage } from './pages/errors/CrashPage';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { PATHS } from './paths';
import { EditMeHashPage } from './pages/updreqs/EditMeHashPage';
import { EditLinkClaimsPage } from './pages/expenseclaims/EditLinkClaimsPage';
import { EditMeThanksPage } from './pages/updreqs/EditMeThanksPage';
import { GetEditLinksPage } from './pages/updreqs/GetEditLinksPage';
import { appRoutes } from './routes';

// Builds the router from the route table: session pages and the public application
// form outside the signed-in layout, registered pages inside it behind their role,
// and 404 for the rest.
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: (
        <>
          <Outlet />
          <ScrollRestoration />
        </>
      ),
      errorElement: <CrashPage />,
      children: [
        { path: PATHS.login, element: <LoginPage /> },
        { path: PATHS.logout, element: <LogoutPage /> },
        { path: PATHS.apply, element: <ApplyPage /> },
        // A member's card and the door check: public, for a phone without a session.
        { path: PATHS.memberCardVerify, element: <CardVerifyPage /> },
        { path: PATHS.memberCardPublic, element: <CardPublicPage /> },
        // The member's own form by personal link, ordering a link, and where the own form ends: no sign-in.
        { path: PATHS.editMeHash, element: <EditMeHashPage /> },
        // The member's own expense claims by the same link (the member pages with the link in context).
        { path: PATHS.editMeHashClaims, element: <EditLinkClaimsPage page="list" /> },
        { path: PATHS.editMeHashClaimNew, element: <EditLinkClaimsPage page="new" /> },
        { path: PATHS.editMeHashClaim, element: <EditLinkClaimsPage page="claim" /> },
        { path: PATHS.updateRequestEditLinks, element: <GetEditLinksPage /> },
        { path: PATHS.editMeThanks, element: <EditMeThanksPage /> },
        { path: PATHS.reset, element: <ResetRequestPage /> },
        { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
        {
          element: <AppLayout />,
          children: [
            ...appRoutes.map(({ path, page: Page, role, feature }) => ({
              path,
              element: (
                <RequireRole role={role} feature={feature}>
                  <Page />
                </RequireRole>
              ),
            })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
