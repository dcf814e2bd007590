import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewPasswordFields, ResetRequestBody } from '../../shared/schemas/passwordReset';
import { okReply } from '../../shared/schemas/session';
import { api } from './client';

// Forgotten password: no session on either page.

export function useResetRequest() {
  return useMutation({
    mutationFn: (body: ResetRequestBody) => api.post('session/reset_request', body, okReply),
    meta: { allowAnonymous: true },
  });
}

/** Whether the link can still be used, asked before the new password is typed. */
export function useResetCheck(token: string) {
  return useQuery({
    queryKey: ['session', 'reset_check', token],
    queryFn: () => api.post('session/reset_check', { token }, okReply),
    meta: { allowAnonymous: true },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (body: NewPasswordFields) => api.post('session/reset_password', { token, ...body }, okReply),
    meta: { allowAnonymous: true },
  });
}
