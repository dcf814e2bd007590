import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../shared/constants';
import { getResultsReply, type MemberBody } from '../../shared/schemas/members';
import { applicationReply, applyFormReply, approveReply } from '../../shared/schemas/applications';
import { okReply } from '../../shared/schemas/session';
import { api } from './client';
import { useInvalidateMembers } from './membersList';

// Membership applications: the public form
// (apply_form, apply — no session, no CSRF: it may live in an iframe on the
// association's own site) and the admin's queue (pending members, approve, reject).

export type { ApplicationReply, ApplyFormReply, Duplicate } from '../../shared/schemas/applications';

export function useApplyForm() {
  return useQuery({
    queryKey: ['members', 'apply_form', {}] as const,
    queryFn: () => api.get('members/apply_form', applyFormReply),
    meta: { allowAnonymous: true },
    // An applicant may spend a while on the form; refetching behind it changes nothing they see.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** What the form sends besides the member's values: the honeypot and when the form was shown. */
export interface ApplyBotCheck {
  hp_website: string;
  form_started_at: number;
}

export function useApply() {
  return useMutation({
    mutationFn: (body: MemberBody & ApplyBotCheck) => api.post('members/apply', body, okReply),
    meta: { allowAnonymous: true },
  });
}

/** Columns of the applications list besides the names. */
const APPLICATION_COLUMNS = ['email', 'created_at'];

export interface ApplicationsParams {
  page: number;
}

/** Pending applications, oldest first (the one waiting longest is handled first). */
export function useApplications({ page }: ApplicationsParams) {
  const body = {
    pending: true,
    columns: APPLICATION_COLUMNS,
    sort: { field: 'created_at', dir: 'asc' },
    page,
    page_size: LIST_PAGE_SIZE,
  };
  return useQuery({
    queryKey: ['members', 'get_results', body] as const,
    queryFn: () => api.post('members/get_results', body, getResultsReply),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: number | null) {
  return useQuery({
    queryKey: ['members', 'get', { id: id ?? 0, pending: true }] as const,
    queryFn: () => api.get(`members/${String(id)}?pending=1`, applicationReply),
    enabled: id !== null,
  });
}

/** Approving turns the application into a member (history PersonInsert); lists and counts refresh. */
export function useApproveApplication() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => api.post('members/approve', { id }, approveReply),
    onSuccess: () => invalidate(),
  });
}
