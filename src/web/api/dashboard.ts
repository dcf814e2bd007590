import { useQuery } from '@tanstack/react-query';
import { expenseClaimsDashboardReply, invoicesDashboardReply, membercardsDashboardReply } from '../../shared/schemas/dashboard';
import { api } from './client';

// The dashboard panels' summary calls, one query each (query keys under their area, so a change
// there that invalidates the area refreshes the panel too). Each panel loads on its own.

const STALE_MS = 30_000;

export function useInvoicesDashboard(enabled = true) {
  return useQuery({ queryKey: ['invoices', 'dashboard'], queryFn: () => api.get('invoices/dashboard', invoicesDashboardReply), staleTime: STALE_MS, enabled });
}

export function useMembercardsDashboard(enabled = true) {
  return useQuery({ queryKey: ['membercards', 'dashboard'], queryFn: () => api.get('membercard/dashboard', membercardsDashboardReply), staleTime: STALE_MS, enabled });
}

export function useExpenseClaimsDashboard(enabled = true) {
  return useQuery({ queryKey: ['expenseclaims', 'dashboard'], queryFn: () => api.get('expenseclaim/dashboard', expenseClaimsDashboardReply), staleTime: STALE_MS, enabled });
}
