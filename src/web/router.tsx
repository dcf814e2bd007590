import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { RequireRole } from './auth/RequireRole';
import { AppLayout } from './layout/AppLayout';
import { followUserActs } from './layout/useFocusOnNavigation';
import { PageBoundary } from './components/PageBoundary';
import { CrashPage } from './pages/errors/CrashPage';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { PATHS } from './paths';
import { appRoutes, type Preloadable, PUBLIC_PAGES as P } from './routes';

// Builds the router from the route table: session pages and the public application
// form outside the signed-in layout, registered pages inside it behind their role,
// and 404 for the rest. Every page is a lazy component made once in routes.tsx, so each
// element below is created once here and keeps its identity across renders.
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      element: (
        <>
          {/* While a public page's chunk loads; pages inside the layout wait in its own boundary. */}
          <PageBoundary>
            <Outlet />
          </PageBoundary>
          <ScrollRestoration />
        </>
      ),
      errorElement: <CrashPage />,
      children: [
        { path: PATHS.login, element: <P.login />, handle: preloads(P.login) },
        { path: PATHS.logout, element: <P.logout />, handle: preloads(P.logout) },
        { path: PATHS.apply, element: <P.apply />, handle: preloads(P.apply) },
        // A member's card and the door check: public, for a phone without a session.
        { path: PATHS.memberCardVerify, element: <P.cardVerify />, handle: preloads(P.cardVerify) },
        { path: PATHS.memberCardPublic, element: <P.cardPublic />, handle: preloads(P.cardPublic) },
        // The member's own form by personal link, ordering a link, and where the own form ends: no sign-in.
        { path: PATHS.editMeHash, element: <P.editMeHash />, handle: preloads(P.editMeHash) },
        // The member's own expense claims by the same link (the member pages with the link in context).
        { path: PATHS.editMeHashClaims, element: <P.editLinkClaims page="list" />, handle: preloads(P.editLinkClaims) },
        { path: PATHS.editMeHashClaimNew, element: <P.editLinkClaims page="new" />, handle: preloads(P.editLinkClaims) },
        { path: PATHS.editMeHashClaim, element: <P.editLinkClaims page="claim" />, handle: preloads(P.editLinkClaims) },
        { path: PATHS.updateRequestEditLinks, element: <P.getEditLinks />, handle: preloads(P.getEditLinks) },
        { path: PATHS.editMeThanks, element: <P.editMeThanks />, handle: preloads(P.editMeThanks) },
        { path: PATHS.reset, element: <P.resetRequest />, handle: preloads(P.resetRequest) },
        { path: PATHS.resetPassword, element: <P.resetPassword />, handle: preloads(P.resetPassword) },
        {
          id: SIGNED_IN_LAYOUT,
          element: <AppLayout />,
          children: [
            ...appRoutes.map(({ path, page: Page, role, feature }) => ({
              path,
              handle: preloads(Page),
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
  // A page arriving late leaves focus where the user has moved it since (useFocusOnNavigation.ts).
  followUserActs(router);
  return router;
}

/**
 * Starts loading the first page's chunk beside the entry's own start (the layout), not after
 * it; later pages load when they render. App.tsx calls it after asking for the first data, so
 * the dozens of chunk requests do not take the browser's six connections first.
 */
export function preloadFirstPage(router: AppRouter): void {
  for (const handle of firstHandles(router)) void handle?.preload().catch(() => undefined);
}

/** Asks for the first page's own first data, if it names any (routes.tsx `lazyPage`'s `data`). */
export function prefetchFirstPage(router: AppRouter, queryClient: QueryClient): void {
  for (const handle of firstHandles(router)) void handle?.prefetch?.(queryClient).catch(() => undefined);
}

/** The handles of the routes the first location matched. */
const firstHandles = (router: AppRouter) => router.state.matches.map((m) => m.route.handle as RouteHandle | undefined);

/** The id of the signed-in layout's route, whose pages need the session and the settings first. */
export const SIGNED_IN_LAYOUT = 'signed-in';

/** Whether the router's current page is inside the signed-in layout. */
export const inSignedInLayout = (router: AppRouter): boolean => router.state.matches.some((m) => m.route.id === SIGNED_IN_LAYOUT);

/** A route's handle: how to start loading its page's chunk. */
export type RouteHandle = Preloadable;
const preloads = (page: Preloadable): RouteHandle => ({ preload: page.preload, loaded: page.loaded, prefetch: page.prefetch });

export type AppRouter = ReturnType<typeof createAppRouter>;
