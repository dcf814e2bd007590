import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isSessionError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { allowAnonymous?: boolean };
    mutationMeta: { allowAnonymous?: boolean };
  }
}

/**
 * One place reacts to an expired session: any query or mutation that
 * gets 401 A4SessionError calls `onSessionExpired`, unless it opted out with
 * `meta.allowAnonymous` (login and logout expect to run without a session).
 */
export function createQueryClient(onSessionExpired: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionError(error) && !query.meta?.allowAnonymous) onSessionExpired();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (isSessionError(error) && !mutation.meta?.allowAnonymous) onSessionExpired();
      },
    }),
    defaultOptions: {
      queries: {
        // 4xx replies do not get better by asking again; network blips and 5xx might.
        retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
