import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_BASE } from '../../shared/constants';
import {
  expenseClaimReply,
  expenseMineReply,
  expenseSaveReply,
  expenseUploadReply,
  type expenseClaimSaveBody,
} from '../../shared/schemas/expenseclaims';
import { api } from './client';

// Expense claims, the member's calls: their own claims with what the form needs (help texts,
// the yearly limit, the last account), one claim, saving a claim and uploading a receipt.
// Query keys `['expenseclaims', verb, params]`; the treasurer's calls live in expenseclaimsAdmin.ts.

export type ExpenseUpload = z.infer<typeof expenseUploadReply>;

export const expenseClaimKeys = {
  mine: () => ['expenseclaims', 'mine', {}] as const,
  get: (id: number) => ['expenseclaims', 'get', { id }] as const,
};

/** The signed-in member's own claims, newest first. Errors: 403 `eclaim_disabled`. */
export function useMyExpenseClaims() {
  return useQuery({
    queryKey: expenseClaimKeys.mine(),
    queryFn: () => api.post('expenseclaim/mine', {}, expenseMineReply),
  });
}

/** One claim: the claimant's own, or any for a site admin; another's is 404. */
export function useExpenseClaim(id: number | null) {
  return useQuery({
    queryKey: expenseClaimKeys.get(id ?? 0),
    queryFn: () => api.get(`expenseclaim/${String(id)}`, expenseClaimReply),
    enabled: id !== null,
  });
}

/**
 * Saves a new claim or the member's own pending one. Errors: 400 with keys under
 * `description`, `account_number`, `items` and `items.{i}.{field}`; `general`
 * `eclaim_yearly_limit_reached` ({{limit}}), `expense_claim_not_editable`.
 */
export function useSaveExpenseClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof expenseClaimSaveBody>) => api.post('expenseclaim/save', body, expenseSaveReply),
    onSuccess: (reply) => {
      queryClient.setQueryData(expenseClaimKeys.get(reply.id), reply);
      return queryClient.invalidateQueries({ queryKey: ['expenseclaims', 'mine'] });
    },
  });
}

/** A receipt photo or PDF, uploaded as soon as it is picked. Errors: 400 `file: expense_receipt_parse_failed | expense_receipt_too_large`, 429. */
export function useUploadReceipt() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload('expenseclaim/upload', form, expenseUploadReply);
    },
  });
}

/** The receipt file (its uploader or a site admin may open it). */
export const receiptUrl = (id: number): string => `${API_BASE}/expenseclaim/receipt/${String(id)}`;
