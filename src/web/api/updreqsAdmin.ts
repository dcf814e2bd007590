import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messagePreviewReply, type AnnouncementSaveBody, type MessagePreviewBody } from '../../shared/schemas/messages';
import { updreqReply, updreqSaveReply, updreqsAllReply, type UpdreqReply } from '../../shared/schemas/updreqs';
import { api } from './client';

// Update requests API for site admins: the paged list, one request with a page of its
// instances, the composer's preview, save (draft or send) and cancelling what is queued.
// Query keys `['updreqs-admin', verb, params]` (the member's own form uses `['updreqs', …]`).

/** A sent request is polled this often while any delivery is still queued or sending. */
export const UPDREQ_POLL_MS = 5000;

export const updreqAdminKeys = {
  all: (page: number) => ['updreqs-admin', 'all', { page }] as const,
  get: (id: number, page: number) => ['updreqs-admin', 'get', { id, page }] as const,
  preview: (body: MessagePreviewBody) => ['updreqs-admin', 'preview', body] as const,
};

/** Whether any instance is still on its way, so the page keeps polling. */
export const updreqInFlight = (u: Pick<UpdreqReply, 'updreq_statuses'>): boolean => (u.updreq_statuses.queued ?? 0) > 0 || (u.updreq_statuses.sending ?? 0) > 0;

export function useUpdreqs(page: number) {
  return useQuery({
    queryKey: updreqAdminKeys.all(page),
    queryFn: () => api.get(`updreqs/all?page=${String(page)}`, updreqsAllReply),
    placeholderData: keepPreviousData,
  });
}

export function useUpdreq(id: number | null, page = 0) {
  return useQuery({
    queryKey: updreqAdminKeys.get(id ?? 0, page),
    queryFn: () => api.get(`updreqs/${String(id)}?page=${String(page)}`, updreqReply),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && query.state.data.status === 'sent' && updreqInFlight(query.state.data) ? UPDREQ_POLL_MS : false),
  });
}

/** The composer's preview; the caller debounces the body. */
export function useUpdreqPreview(body: MessagePreviewBody | null) {
  return useQuery({
    queryKey: updreqAdminKeys.preview(body ?? { msg_media: 'email', subject: '', content: '', addrecips: [] }),
    queryFn: () => api.post('updreqs/preview', body, messagePreviewReply),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 30_000,
  });
}

/** The composer's save; it only offers email and SMS, and the server refuses anything else. */
export function useSaveUpdreq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementSaveBody) => api.post('updreqs/save', body, updreqSaveReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['updreqs-admin'] }),
  });
}

export function useCancelUpdreq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('updreqs/cancel', { id }, z.object({ cancelled: z.number().int() })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['updreqs-admin'] }),
  });
}
