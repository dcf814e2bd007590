import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { INVOICE_INSTANCES_PAGE_SIZE, INVOICE_POLL_MS } from '../../shared/constants';
import {
  type addActionBody,
  addActionReply,
  bulkMarkReply,
  bulkUndoReply,
  type fakeBankRowBody,
  instanceActionsReply,
  type invoicePreviewBody,
  invoicePreviewReply,
  invoiceReply,
  type InvoiceReply,
  type invoiceSaveBody,
  invoiceSaveReply,
  invoicesAllReply,
  type reminderBody,
  reminderPreviewReply,
  reminderSendReply,
} from '../../shared/schemas/invoices';
import type { InvoiceStatus } from '../../shared/invoices/status';
import { api } from './client';

// Invoices API (spec §7 Invoices): the paged list, one invoice with a page of its instances
// (polled while anything is on its way), the composer's preview and save, one instance's
// actions, the hand actions, bulk marks with their undo, and reminders.
// Query keys `['invoices', verb, params]`; every mutation refreshes them all.

/** Bodies as sent: defaulted fields may be left out. */
export type PreviewInput = z.input<typeof invoicePreviewBody>;
export type SaveInput = z.input<typeof invoiceSaveBody>;
export type ReminderInput = z.input<typeof reminderBody>;
export type ActionInput = z.input<typeof addActionBody>;
export type FakeBankRowInput = z.input<typeof fakeBankRowBody>;

export const invoiceKeys = {
  all: (page: number) => ['invoices', 'all', { page }] as const,
  get: (id: number, page: number, status: InvoiceStatus | null) => ['invoices', 'get', { id, page, status }] as const,
  preview: (body: PreviewInput | null) => ['invoices', 'preview', body] as const,
  actions: (instanceId: number) => ['invoices', 'actions', { instanceId }] as const,
  reminderPreview: (body: ReminderInput | null) => ['invoices', 'reminder_preview', body] as const,
};

/** One page (0-based) of invoices, newest first. */
export function useInvoices(page: number) {
  return useQuery({
    queryKey: invoiceKeys.all(page),
    queryFn: () => api.get(`invoices/all?page=${String(page)}`, invoicesAllReply),
    placeholderData: keepPreviousData,
  });
}

/** One invoice with a page (0-based) of its instances; polled every 5 s while `polling`. */
export function useInvoice(id: number | null, page = 0, status: InvoiceStatus | null = null) {
  return useQuery({
    queryKey: invoiceKeys.get(id ?? 0, page, status),
    queryFn: () => api.get(`invoices/${String(id)}?page=${String(page)}${status ? `&status=${status}` : ''}`, invoiceReply),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.polling ? INVOICE_POLL_MS : false),
  });
}

/**
 * One recipient's page: the invoice and the page of its instances holding that person. The
 * invoice call pages its instances by 20, so the pages are read in turn, starting from the
 * one the link came from (`hint`), until the person is found.
 */
export function useInvoicePerson(id: number | null, personId: number | null, hint = 0) {
  return useQuery({
    queryKey: ['invoices', 'person', { id, personId }] as const,
    queryFn: async () => {
      const first = await fetchInvoicePage(id ?? 0, hint);
      const has = (r: InvoiceReply) => r.instances.some((i) => i.person_id === personId);
      if (has(first)) return first;
      const pages = Math.ceil(first.instances_count / INVOICE_INSTANCES_PAGE_SIZE);
      for (let page = 0; page < pages; page++) {
        if (page === hint) continue;
        const reply = await fetchInvoicePage(id ?? 0, page);
        if (has(reply)) return reply;
      }
      return first;
    },
    enabled: id !== null && personId !== null,
    refetchInterval: (query) => (query.state.data?.polling ? INVOICE_POLL_MS : false),
  });
}

/** The composer's preview; the caller debounces the body. */
export function useInvoicePreview(body: PreviewInput | null) {
  return useQuery({
    queryKey: invoiceKeys.preview(body),
    queryFn: () => api.post('invoices/preview', body, invoicePreviewReply),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // Members, settings and balance change elsewhere: an old preview is never reused for long.
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  });
}

function useInvoiceMutation<B, T>(fn: (body: B) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }) });
}

export const useSaveInvoice = () => useInvoiceMutation((body: SaveInput) => api.post('invoices/save', body, invoiceSaveReply));

/** One instance with its actions and which hand actions are possible now. */
export function useInstanceActions(instanceId: number | null) {
  return useQuery({
    queryKey: invoiceKeys.actions(instanceId ?? 0),
    queryFn: () => api.post('invoices/get_invoice_instance_actions', { instance_id: instanceId }, instanceActionsReply),
    enabled: instanceId !== null,
  });
}

export const useAddAction = () => useInvoiceMutation((body: ActionInput) => api.post('invoices/add_action', body, addActionReply));

export const useFakeBankRow = () => useInvoiceMutation((body: FakeBankRowInput) => api.post('invoices/add_fake_bank_row', body, addActionReply));

export const useBulkMark = () => useInvoiceMutation((body: { id: number; action_type: 'mark_paid' | 'mark_cancelled' }) => api.post('invoices/bulk_mark', body, bulkMarkReply));

/** Undo of a bulk mark; plain function, as the undo notification lives outside React. */
export const postBulkUndo = (batchId: string) => api.post('invoices/bulk_undo', { batch_id: batchId }, bulkUndoReply);

export function useReminderPreview(body: ReminderInput | null) {
  return useQuery({
    queryKey: invoiceKeys.reminderPreview(body),
    queryFn: () => api.post('invoices/reminder_preview', body, reminderPreviewReply),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  });
}

export const useSendReminder = () => useInvoiceMutation((body: ReminderInput) => api.post('invoices/reminder', body, reminderSendReply));

/** Every instance of an invoice, a page at a time, for the reminder's choices. */
export const fetchInvoicePage = (id: number, page: number) => api.get(`invoices/${String(id)}?page=${String(page)}`, invoiceReply);
