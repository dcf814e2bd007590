import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LoginBody,
  okReply,
  type SessionReply,
  sessionReply,
  type SetPersistentDataBody,
} from '../../shared/schemas/session';
import { loginReply } from '../../shared/schemas/security';
import { api } from './client';
import { queryKeys } from './keys';
import { needsMfa, rememberSignedIn } from './security';

/** The signed-in user's session; also asked for before the first render (App.tsx). */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session(),
  queryFn: () => api.get('session/get', sessionReply),
  staleTime: 5 * 60 * 1000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** The password step: a session, or the next two-factor step (`{mfa_required, challenge}`). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post('session/login', body, loginReply),
    meta: { allowAnonymous: true },
    onSuccess: (reply) => {
      if (!needsMfa(reply)) rememberSignedIn(queryClient, reply);
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.post('session/logout', {}, okReply),
    meta: { allowAnonymous: true },
  });
}

/** Stores a piece of per-user UI state; the cached session shows it at once. */
export function useSetPersistentData() {
  const queryClient = useQueryClient();
  const key = queryKeys.session();
  return useMutation({
    mutationFn: (body: SetPersistentDataBody) => api.post('session/set_persistent_data', body, okReply),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SessionReply>(key);
      if (previous) {
        queryClient.setQueryData<SessionReply>(key, {
          ...previous,
          persistent_data: { ...previous.persistent_data, [body.key]: body.val },
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
