import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { NOTIFICATION_FADE_MS } from '../shared/constants';
import { memberSettingsQuery } from './api/memberSettings';
import { createQueryClient } from './api/queryClient';
import { sessionQuery } from './api/session';
import { isAuthPage, loginPathFor } from './auth/goto';
import { createAppRouter, inSignedInLayout, prefetchFirstPage, preloadFirstPage } from './router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const router = createAppRouter();

let redirecting = false;
// An expired session sends the user to the login page with GOTO = where they were.
// Cached data is dropped by the next successful login (useLogin), not here: clearing the
// cache while the old page is still mounted would only refetch it.
const queryClient = createQueryClient(() => {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (redirecting || isAuthPage(here)) return;
  redirecting = true;
  void router.navigate(loginPathFor(here), { replace: true }).finally(() => {
    redirecting = false;
  });
});

// A signed-in page shows nothing before the session and the association's settings have come,
// and its layout asks for them one after the other as it renders (the settings only once the
// session is there). Asked here, both go out at once, before the first render: a cold load of
// the member list had waited ~0.3 s for the first and ~0.35 s more for the second. So does what
// the page itself asks for first, if it says (the member lists' fields and groups). Then the
// first page's chunks, which would otherwise take the connections first.
if (inSignedInLayout(router)) {
  void queryClient.prefetchQuery(sessionQuery);
  void queryClient.prefetchQuery(memberSettingsQuery(router.state.location.key));
  prefetchFirstPage(router, queryClient);
}
preloadFirstPage(router);

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} forceColorScheme="light">
      <Notifications autoClose={NOTIFICATION_FADE_MS} position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
