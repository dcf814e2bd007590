import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { NOTIFICATION_FADE_MS } from '../shared/constants';
import { createQueryClient } from './api/queryClient';
import { isAuthPage, loginPathFor } from './auth/goto';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

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

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications autoClose={NOTIFICATION_FADE_MS} position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
