import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { logAllReply } from '../../shared/schemas/log';
import {
  balanceBuyReply,
  balanceReply,
  balanceSendEmailReply,
  mooneyChargeReply,
  receiptSchema,
  referReply,
  RECEIPTS_PAGE_SIZE,
} from '../../shared/schemas/payments';
import { api } from './client';

// Online payment, the balance, referrals and receipts (issue 14). Query keys `['balance', …]`,
// `['receipts', …]`; paying anything invalidates the balance and the log.

/** Creates an online payment attempt: the amount and the provider buttons. A new attempt per visit. */
export function useCharge(mid: string | null) {
  return useQuery({
    queryKey: ['mooney', 'charge', { mid }],
    queryFn: () => api.post('mooney/charge', { mid }, mooneyChargeReply),
    enabled: mid !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useBalance(enabled = true) {
  return useQuery({ queryKey: ['balance', 'get'], queryFn: () => api.get('balance', balanceReply), staleTime: 0, enabled });
}

export function useBalanceBuy() {
  return useMutation({ mutationFn: (amount: string) => api.post('balance/buy', { amount }, balanceBuyReply) });
}

export function useSendReceiptEmail() {
  return useMutation({ mutationFn: (receiptId: number) => api.post('balance/send_email', { receipt_id: receiptId }, balanceSendEmailReply) });
}

export function useRefer() {
  return useMutation({ mutationFn: (emails: string) => api.post('balance/refer', { emails }, referReply) });
}

export function useReceipt(id: number | null) {
  return useQuery({
    queryKey: ['receipts', 'get', { id }],
    queryFn: () => api.get(`log/get_receipt?id=${String(id)}`, receiptSchema),
    enabled: id !== null,
  });
}

/**
 * A transaction row as the web reads it: the fields every version of the log's reply carries
 * (a paid payment item), and the receipt when the server links one.
 */
export const transactionRow = z
  .object({
    id: z.string(),
    at: z.string(),
    context: z.string(),
    amount: z.number().int(),
    method: z.enum(['balance', 'online']).nullable(),
    receipt_id: z.number().int().nullable().optional(),
    receipt_number: z.number().int().nullable().optional(),
  })
  .passthrough();
export type TransactionRow = z.infer<typeof transactionRow>;

/** A receipt in the list: the head of the receipt. */
export const receiptListRow = receiptSchema.pick({ id: true, number: true, at: true, kind: true, method: true, amount_cents: true, payment_id: true });
export type ReceiptListRow = z.infer<typeof receiptListRow>;

const moneyLists = logAllReply.extend({
  transaction_results: z.array(transactionRow),
  receipt_results: z.array(receiptListRow.passthrough()),
});

/** One page (20) of the transactions and of the receipts; the log's entries are not asked for. */
export function useMoneyLog(page: number) {
  return useQuery({
    queryKey: ['log', 'money', { page }],
    queryFn: () => api.post('log/all', { page, limit: RECEIPTS_PAGE_SIZE, transactions: true }, moneyLists),
    placeholderData: keepPreviousData,
  });
}

/** After a payment the balance and the lists change. */
export function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
    void queryClient.invalidateQueries({ queryKey: ['log'] });
    void queryClient.invalidateQueries({ queryKey: ['mooney'] });
  };
}

export const transactionReportUrl = (year: number): string => `/api/1/log/transaction_report_xls?year=${String(year)}`;
export const receiptPdfUrl = (id: number): string => `/api/1/log/receipt_pdf?id=${String(id)}`;
