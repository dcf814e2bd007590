import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { receivablesReply, refsReply, reportReply, salesListReply } from '../../shared/schemas/invoices';
import { api } from './client';

// Invoice reports API: the four report calls (query keys `['invoiceReports', verb, params]`;
// payments change them, so every visit refetches) and the addresses of their downloads.

export type InvoiceReport = z.infer<typeof reportReply>;
export type SalesList = z.infer<typeof salesListReply>;
export type Receivables = z.infer<typeof receivablesReply>;
export type RefsList = z.infer<typeof refsReply>;

export interface Period {
  /** Helsinki days YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export function useInvoiceReport(period: Period, invoiceIds: readonly number[]) {
  const criteria = { ...period, invoice_id: [...invoiceIds] };
  return useQuery({
    queryKey: ['invoiceReports', 'report', criteria],
    queryFn: () => api.post('invoices/report', { criteria }, reportReply),
    placeholderData: keepPreviousData,
  });
}

export function useRefs(period: Period, page: number) {
  const body = { ...period, page };
  return useQuery({ queryKey: ['invoiceReports', 'refs', body], queryFn: () => api.post('invoices/refs', body, refsReply), placeholderData: keepPreviousData });
}

export function useSalesList(period: Period, page: number) {
  const body = { ...period, page };
  return useQuery({
    queryKey: ['invoiceReports', 'sales_invoice_list', body],
    queryFn: () => api.post('invoices/sales_invoice_list', body, salesListReply),
    placeholderData: keepPreviousData,
  });
}

export function useReceivables(to: string, page: number) {
  const body = { to, page };
  return useQuery({
    queryKey: ['invoiceReports', 'accounts_receivable', body],
    queryFn: () => api.post('invoices/accounts_receivable', body, receivablesReply),
    placeholderData: keepPreviousData,
  });
}

const query = (params: Record<string, string>) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();

/** Downloads (plain links the browser saves; the server answers with the file). */
export const reportDownloads = {
  report: (p: Period, ids: readonly number[], format: 'xls' | 'pdf') => `/invoice_report/${format}?${query({ ...p, invoice_id: ids.join(',') })}`,
  refs: (p: Period) => `/invoice_report/refs?${query({ ...p })}`,
  sales: (p: Period, format: 'xlsx' | 'pdf') => `/invoice_report/sales_invoice_list.${format}?${query({ ...p })}`,
  receivables: (to: string, format: 'xlsx' | 'pdf') => `/invoice_report/accounts_receivable.${format}?${query({ to })}`,
};
