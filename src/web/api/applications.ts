import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../../shared/constants';
import type { MemberBody } from '../../shared/schemas/members';
import { okReply } from '../../shared/schemas/session';
import { api } from './client';
import { fieldReply } from './fields';
import { memberReply } from './members';
import { resultsReply, useInvalidateMembers } from './membersList';

// Membership applications (spec §1, §4; issue 6 "Applications"): the public form
// (apply_form, apply — no session, no CSRF: it may live in an iframe on the
// association's own site) and the admin's queue (pending members, approve, reject).

/** The application variant of the member form: the fields an applicant may fill in, headings kept. */
const applyFormReply = z.object({ customer_name: z.string(), fields: z.array(fieldReply) });
export type ApplyFormReply = z.infer<typeof applyFormReply>;

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
    queryFn: () => api.post('members/get_results', body, resultsReply),
    placeholderData: keepPreviousData,
  });
}

const duplicate = z.object({
  id: z.number().int(),
  fullname_: z.string(),
  reason: z.enum(['email', 'phone', 'name_birthdate']),
});
export type Duplicate = z.infer<typeof duplicate>;

const applicationMeta = z.looseObject({
  pending: z.boolean(),
  applied_at: z.string().nullable().optional(),
  duplicates: z.array(duplicate).default([]),
});

/** One application: the member body with `meta_` telling when it came and whom it may duplicate. */
export const applicationReply = z
  .looseObject({ id: z.number().int(), fullname_: z.string(), meta_: applicationMeta })
  .transform((m) => m as MemberBody & { id: number; fullname_: string; meta_: z.infer<typeof applicationMeta> });
export type ApplicationReply = z.infer<typeof applicationReply>;

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
    mutationFn: (id: number) => api.post('members/approve', { id }, memberReply),
    onSuccess: () => invalidate(),
  });
}
