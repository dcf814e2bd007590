import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  expenseArchiveReply,
  expenseClaimantsReply,
  expenseClaimReply,
  expenseMarkPaidReply,
  expenseViewReply,
  type expenseAddCommentBody,
  type expenseMarkPaidBody,
  type expenseUpdateStatusBody,
} from '../../shared/schemas/expenseclaims';
import { api } from './client';

// Expense claims API for the treasurer (site admins): claimants with totals, one
// claimant-account's claims, the archive of paid claims, one claim, and the moves: status,
// comment, paying a claimant's accepted claims in one batch. Query keys
// `['expenseclaims-admin', verb, params]`; a change also refreshes the member side's
// `['expenseclaims', …]` (the same claim may be open there).

export const expenseAdminKeys = {
  claimants: (page: number) => ['expenseclaims-admin', 'claimants', { page }] as const,
  view: (personId: number, account: string) => ['expenseclaims-admin', 'view', { personId, account }] as const,
  archive: (page: number) => ['expenseclaims-admin', 'all', { page }] as const,
  claim: (id: number) => ['expenseclaims-admin', 'claim', { id }] as const,
};

export function useExpenseClaimants(page: number) {
  return useQuery({
    queryKey: expenseAdminKeys.claimants(page),
    queryFn: () => api.get(`expenseclaim/claimants?page=${String(page)}`, expenseClaimantsReply),
    placeholderData: keepPreviousData,
  });
}

export function useExpenseView(personId: number | null, account: string) {
  return useQuery({
    queryKey: expenseAdminKeys.view(personId ?? 0, account),
    queryFn: () => api.get(`expenseclaim/view?${new URLSearchParams({ person_id: String(personId), person_account_number: account }).toString()}`, expenseViewReply),
    enabled: personId !== null && account !== '',
  });
}

export function useExpenseArchive(page: number) {
  return useQuery({
    queryKey: expenseAdminKeys.archive(page),
    queryFn: () => api.get(`expenseclaim/all?page=${String(page)}`, expenseArchiveReply),
    placeholderData: keepPreviousData,
  });
}

export function useExpenseClaimAdmin(id: number | null) {
  return useQuery({
    queryKey: expenseAdminKeys.claim(id ?? 0),
    queryFn: () => api.get(`expenseclaim/${String(id)}`, expenseClaimReply),
    enabled: id !== null,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['expenseclaims-admin'] }), queryClient.invalidateQueries({ queryKey: ['expenseclaims'] })]);
  };
}

export function useUpdateExpenseStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof expenseUpdateStatusBody>) => api.post('expenseclaim/update_status', body, expenseClaimReply),
    onSuccess: refresh,
  });
}

export function useAddExpenseComment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof expenseAddCommentBody>) => api.post('expenseclaim/add_comment', body, expenseClaimReply),
    onSuccess: refresh,
  });
}

export function useMarkExpensesPaid() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof expenseMarkPaidBody>) => api.post('expenseclaim/mark_paid', body, expenseMarkPaidReply),
    onSuccess: refresh,
  });
}
