import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { API_BASE, EDIT_LINK_HEADER } from '../../shared/constants';
import {
  expenseClaimReply,
  expenseMineReply,
  expenseSaveReply,
  expenseUploadReply,
  type expenseClaimSaveBody,
} from '../../shared/schemas/expenseclaims';
import { useEditLink, useSelfApi } from './editLinkContext';

// Expense claims, the member's calls: their own claims with what the form needs (help texts,
// the yearly limit, the last account), one claim, saving a claim and uploading a receipt.
// Query keys `['expenseclaims', verb, params]`; the treasurer's calls live in expenseclaimsAdmin.ts.

export type ExpenseUpload = z.infer<typeof expenseUploadReply>;

// `link`: by personal link or by session, so the two never share a cached answer.
export const expenseClaimKeys = {
  mine: (link = false) => ['expenseclaims', 'mine', link ? { link } : {}] as const,
  get: (id: number, link = false) => ['expenseclaims', 'get', link ? { id, link } : { id }] as const,
};

/** The signed-in member's own claims, newest first. Errors: 403 `eclaim_disabled`. */
export function useMyExpenseClaims() {
  const api = useSelfApi();
  const link = useEditLink() !== null;
  return useQuery({
    queryKey: expenseClaimKeys.mine(link),
    queryFn: () => api.post('expenseclaim/mine', {}, expenseMineReply),
  });
}

/** One claim: the claimant's own, or any for a site admin; another's is 404. */
export function useExpenseClaim(id: number | null) {
  const api = useSelfApi();
  const link = useEditLink() !== null;
  return useQuery({
    queryKey: expenseClaimKeys.get(id ?? 0, link),
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
  const api = useSelfApi();
  const link = useEditLink() !== null;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof expenseClaimSaveBody>) => api.post('expenseclaim/save', body, expenseSaveReply),
    onSuccess: (reply) => {
      queryClient.setQueryData(expenseClaimKeys.get(reply.id, link), reply);
      return queryClient.invalidateQueries({ queryKey: ['expenseclaims', 'mine'] });
    },
  });
}

/** A receipt photo or PDF, uploaded as soon as it is picked. Errors: 400 `file: expense_receipt_parse_failed | expense_receipt_too_large`, 429. */
export function useUploadReceipt() {
  const api = useSelfApi();
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

/**
 * Where a receipt opens: its API path with a session. On a page opened by personal link the
 * file is fetched with the link's header and shown from a blob: URL, because an <img src>
 * cannot send a header and a token in the URL would land in logs. null while it loads.
 */
export function useReceiptHref(url: string | null): string | null {
  const link = useEditLink();
  const token = link?.token ?? null;
  const [blob, setBlob] = useState<{ url: string; href: string } | null>(null);
  useEffect(() => {
    if (token === null || url === null) return;
    let gone = false;
    let made: string | null = null;
    void fetch(url, { headers: { [EDIT_LINK_HEADER]: token }, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok || gone) return;
        made = URL.createObjectURL(await res.blob());
        if (gone) URL.revokeObjectURL(made);
        else setBlob({ url, href: made });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, token]);
  if (token === null) return url;
  return blob !== null && blob.url === url ? blob.href : null;
}
