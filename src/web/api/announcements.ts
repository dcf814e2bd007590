import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  announcementReply,
  announcementSaveReply,
  announcementsAllReply,
  type AnnouncementSaveBody,
  type AnnouncementReply,
  messagePreviewReply,
  type MessagePreviewBody,
} from '../../shared/schemas/messages';
import { api } from './client';

// Announcements API: the paged list, one announcement with a page of its deliveries, the
// composer's preview, save (draft or send) and cancelling what is still queued.
// Query keys `['announcements', verb, params]`; a save or cancel refreshes them all.

/** Sent messages are polled this often while any delivery is still queued or sending. */
export const ANNOUNCEMENT_POLL_MS = 5000;

export const announcementKeys = {
  all: (page: number) => ['announcements', 'all', { page }] as const,
  get: (id: number, page: number) => ['announcements', 'get', { id, page }] as const,
  preview: (body: MessagePreviewBody) => ['announcements', 'preview', body] as const,
};

/** Whether any delivery is still on its way, so the page keeps polling. */
export const inFlight = (a: Pick<AnnouncementReply, 'msg_statuses'>): boolean =>
  (a.msg_statuses.queued ?? 0) > 0 || (a.msg_statuses.sending ?? 0) > 0;

/** One page (0-based) of announcements, newest first. */
export function useAnnouncements(page: number) {
  return useQuery({
    queryKey: announcementKeys.all(page),
    queryFn: () => api.get(`announcements/all?page=${String(page)}`, announcementsAllReply),
    placeholderData: keepPreviousData,
  });
}

/** One announcement with a page (0-based) of its deliveries; polled while deliveries are on their way. */
export function useAnnouncement(id: number | null, page = 0) {
  return useQuery({
    queryKey: announcementKeys.get(id ?? 0, page),
    queryFn: () => api.get(`announcements/${String(id)}?page=${String(page)}`, announcementReply),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && query.state.data.status === 'sent' && inFlight(query.state.data) ? ANNOUNCEMENT_POLL_MS : false),
  });
}

/** The composer's preview; the caller debounces the body. */
export function useAnnouncementPreview(body: MessagePreviewBody | null) {
  return useQuery({
    queryKey: announcementKeys.preview(body ?? { msg_media: 'email', subject: '', content: '', addrecips: [] }),
    queryFn: () => api.post('announcements/preview', body, messagePreviewReply),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // A preview depends on members and balance that change elsewhere: never reuse an old one for long.
    staleTime: 0,
    gcTime: 30_000,
  });
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementSaveBody) => api.post('announcements/save', body, announcementSaveReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['announcements'] }),
  });
}

const cancelReply = z.unknown();

/** Cancels the deliveries still queued (never those already handed over). */
export function useCancelAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('announcements/cancel', { id }, cancelReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['announcements'] }),
  });
}
