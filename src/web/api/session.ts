import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LoginBody,
  okReply,
  type SessionReply,
  sessionReply,
  type SetPersistentDataBody,
} from '../../shared/schemas/session';
import { api } from './client';
import { queryKeys } from './keys';

export function useSession() {
  return useQuery({
    queryKey: queryKeys.session(),
    queryFn: () => api.get('session/get', sessionReply),
    staleTime: 5 * 60 * 1000,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post('session/login', body, sessionReply),
    meta: { allowAnonymous: true },
    onSuccess: (session) => {
      // A new user may be a different person: drop everything cached for the previous one.
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.session(), session);
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
