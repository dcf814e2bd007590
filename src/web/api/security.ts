import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type LoginReply,
  type MfaChallengeReply,
  mfaChallengeReply,
  mfaEnrollmentReply,
  resetCodeSentReply,
  sessionsClosedReply,
  siteAdminsReply,
} from '../../shared/schemas/security';
import { okReply, type SessionReply, sessionReply } from '../../shared/schemas/session';
import { api } from './client';
import { queryKeys } from './keys';

// Two-factor authentication, site admins and their sessions.
// The login steps run without a session (meta.allowAnonymous: a 401 there is an answer,
// not an expired session); everything else is for a signed-in site admin.

/** Whether session/login answered with the next 2FA step instead of a session. */
export const needsMfa = (reply: LoginReply): reply is MfaChallengeReply => 'mfa_required' in reply;

/** A new user may be a different person: drop everything cached for the previous one. */
export function rememberSignedIn(queryClient: QueryClient, session: SessionReply): void {
  queryClient.removeQueries();
  queryClient.setQueryData(queryKeys.session(), session);
}

/** session/mfa_verify {challenge, code}: the code after the password (or the first code of an enrolment). */
export function useMfaVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) => api.post('session/mfa_verify', body, sessionReply),
    meta: { allowAnonymous: true },
    onSuccess: (session) => rememberSignedIn(queryClient, session),
  });
}

/** session/mfa_reset {challenge, reset_code}: the emailed reset code; enrolment follows. */
export function useMfaReset() {
  return useMutation({
    mutationFn: (body: { challenge: string; reset_code: string }) => api.post('session/mfa_reset', body, mfaChallengeReply),
    meta: { allowAnonymous: true },
  });
}

/** session/mfa_enroll {challenge}: a new secret during login, as a QR code and as text. */
export function useMfaEnroll() {
  return useMutation({
    mutationFn: (body: { challenge: string }) => api.post('session/mfa_enroll', body, mfaEnrollmentReply),
    meta: { allowAnonymous: true },
  });
}

/** session/mfa_setup: a new secret for the signed-in admin (state becomes "setting up"). */
export function useMfaSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('session/mfa_setup', {}, mfaEnrollmentReply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.siteAdmins() }),
  });
}

/** session/mfa_confirm {code}: the first code from the app; 2FA is on afterwards. */
export function useMfaConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string }) => api.post('session/mfa_confirm', body, okReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.siteAdmins() }),
  });
}

/** settings/get_site_admins: the policy and every site admin with 2FA state and sessions. */
export function useSiteAdmins() {
  return useQuery({
    queryKey: queryKeys.siteAdmins(),
    queryFn: () => api.post('settings/get_site_admins', {}, siteAdminsReply),
  });
}

function useAdminAction<T>(path: string, schema: z.ZodType<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(path, { id }, schema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.siteAdmins() }),
  });
}

/** members/send_mfa_reset_code {id}: emails the admin a reset code valid for a day. */
export const useSendMfaResetCode = () => useAdminAction('members/send_mfa_reset_code', resetCodeSentReply);

/** members/clear_mfa {id}: removes another admin's 2FA. */
export const useClearMfa = () => useAdminAction('members/clear_mfa', okReply);

/** members/close_site_admin_sessions {id}: id 0 closes the caller's other sessions. */
export const useCloseSiteAdminSessions = () => useAdminAction('members/close_site_admin_sessions', sessionsClosedReply);
