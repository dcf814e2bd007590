import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type bankAssignBody,
  bankAssignReply,
  type bankDismissBody,
  type bankMandateAddBody,
  bankApplyReply,
  bankMandateReply,
  bankOkReply,
  bankStatementsReply,
  bankUndoReply,
  bankUnmatchedReply,
  bankUploadReply,
} from '../../shared/schemas/bank';
import { invoiceSearchReply } from '../../shared/schemas/invoices';
import { api } from './client';

// Bank payments API (/api/1/invoices/bank/…): statement upload with its dry run, apply and
// undo, the imports, the review list (assign, dismiss) and the bank mandate. Query keys
// `['bank', verb, params]`; a booking changes invoices too, so those are refreshed as well.

export type BankUpload = z.infer<typeof bankUploadReply>;
export type BankStatements = z.infer<typeof bankStatementsReply>;
export type BankStatement = BankStatements['results'][number];
export type BankReview = z.infer<typeof bankUnmatchedReply>;
export type BankReviewRow = BankReview['results'][number];
export type BankMandate = z.infer<typeof bankMandateReply>;
export type InvoiceSearchHit = z.infer<typeof invoiceSearchReply>['results'][number];
export type MandateAddInput = z.input<typeof bankMandateAddBody>;

export const bankKeys = {
  statements: (page: number) => ['bank', 'statements', { page }] as const,
  unmatched: (page: number) => ['bank', 'unmatched', { page }] as const,
  mandate: ['bank', 'mandate'] as const,
};

/** Everything a booking or an undo changes: the bank lists and every invoice view. */
function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['bank'] }), queryClient.invalidateQueries({ queryKey: ['invoices'] })]);
}

/** Parses the file and answers its dry run; nothing is booked. Errors: 400 `file: …`, 429. */
export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload('invoices/bank/upload', form, bankUploadReply);
    },
    // The checked statement is listed among the imports (not applied) right away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bank', 'statements'] }),
  });
}

/** Books the dry run's matches and the accepted suggestions (their payment keys). */
export function useApplyStatement() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (body: { id: number; accept: string[] }) => api.post('invoices/bank/apply', body, bankApplyReply),
    onSuccess: () => invalidate(),
  });
}

export function useUndoStatement() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (id: number) => api.post('invoices/bank/undo', { id }, bankUndoReply),
    onSuccess: () => invalidate(),
  });
}

/** One page (0-based) of the imports, newest first. */
export function useBankStatements(page: number) {
  return useQuery({
    queryKey: bankKeys.statements(page),
    queryFn: () => api.post('invoices/bank/statements', { page }, bankStatementsReply),
    placeholderData: keepPreviousData,
  });
}

/** One page (0-based) of the payments waiting for a decision. */
export function useBankUnmatched(page: number) {
  return useQuery({
    queryKey: bankKeys.unmatched(page),
    queryFn: () => api.post('invoices/bank/unmatched', { page }, bankUnmatchedReply),
    placeholderData: keepPreviousData,
  });
}

/** Books a waiting payment to an instance (accepting a suggestion is the same call). */
export function useAssignPayment() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (body: z.input<typeof bankAssignBody>) => api.post('invoices/bank/assign', body, bankAssignReply),
    onSuccess: () => invalidate(),
  });
}

export function useDismissPayment() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (body: z.input<typeof bankDismissBody>) => api.post('invoices/bank/dismiss', body, bankOkReply),
    onSuccess: () => invalidate(),
  });
}

/** Invoices and instances by number, reference or name (the assign dialog's search). */
export function useInvoiceSearch(term: string) {
  return useQuery({
    queryKey: ['invoices', 'supersearch', { term }] as const,
    queryFn: () => api.post('invoices/supersearch', { term }, invoiceSearchReply),
    enabled: term.trim().length >= 3,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBankMandate() {
  return useQuery({ queryKey: bankKeys.mandate, queryFn: () => api.get('invoices/bank/mandate', bankMandateReply) });
}

function useMandateMutation<B>(verb: 'add' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post(`invoices/bank/mandate/${verb}`, body, bankMandateReply),
    onSuccess: (reply) => queryClient.setQueryData(bankKeys.mandate, reply),
  });
}

export const useAddMandateAccount = () => useMandateMutation<MandateAddInput>('add');
export const useRemoveMandateAccount = () => useMandateMutation<{ id: number }>('remove');
