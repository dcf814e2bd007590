import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messagePreviewReply } from '../../shared/schemas/messages';
import {
  membercardKeyReply,
  membercardReply,
  membercardSaveReply,
  membercardsAllReply,
  publicCardReply,
  type MembercardSaveBody,
} from '../../shared/schemas/membercard';
import { ANNOUNCEMENT_POLL_MS, inFlight } from './announcements';
import { api } from './client';

// Member cards: the card messages (admin) and the public card and key. Query keys
// `['membercards', verb, params]`; a save or cancel refreshes them all.

export type MembercardPreviewBody = Pick<MembercardSaveBody, 'msg_media' | 'filter' | 'addrecips'>;

export function useMembercards(page: number) {
  return useQuery({
    queryKey: ['membercards', 'all', { page }],
    queryFn: () => api.get(`membercard/all?page=${String(page)}`, membercardsAllReply),
    placeholderData: keepPreviousData,
  });
}

/** One card message with a page of its recipients; polled while deliveries are on their way. */
export function useMembercard(id: number | null, page = 0) {
  return useQuery({
    queryKey: ['membercards', 'get', { id, page }],
    queryFn: () => api.get(`membercard/${String(id)}?page=${String(page)}`, membercardReply),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && query.state.data.status === 'sent' && inFlight(query.state.data) ? ANNOUNCEMENT_POLL_MS : false),
  });
}

export function useMembercardPreview(body: MembercardPreviewBody) {
  return useQuery({
    queryKey: ['membercards', 'preview', body],
    queryFn: () => api.post('membercard/preview', body, messagePreviewReply),
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  });
}

export function useSaveMembercard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MembercardSaveBody) => api.post('membercard/save', body, membercardSaveReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['membercards'] }),
  });
}

export function useCancelMembercard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('membercard/cancel', { id }, z.unknown()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['membercards'] }),
  });
}

/** The public card behind a token; refetched each minute so a replaced or expired card says so. */
export function usePublicCard(token: string) {
  return useQuery({
    queryKey: ['membercards', 'card', token],
    queryFn: () => api.get(`membercard/card/${encodeURIComponent(token)}`, publicCardReply),
    retry: false,
    refetchInterval: 60_000,
  });
}

export type MembercardKey = z.infer<typeof membercardKeyReply>;

const keyStore = (host: string) => `seura.membercard.key.${host}`;

/** The key kept from an earlier visit to this host, for checks without network. */
export function storedKey(host: string): MembercardKey | null {
  try {
    const parsed = membercardKeyReply.safeParse(JSON.parse(window.localStorage.getItem(keyStore(host)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The association's public key: fetched when online and kept per host; the kept one otherwise. */
export function useMembercardKey() {
  const host = window.location.hostname;
  return useQuery({
    queryKey: ['membercards', 'key', host],
    queryFn: async () => {
      try {
        const key = await api.get('membercard/key', membercardKeyReply);
        window.localStorage.setItem(keyStore(host), JSON.stringify(key));
        return key;
      } catch (e) {
        const kept = storedKey(host);
        if (kept) return kept;
        throw e;
      }
    },
    initialData: () => storedKey(host) ?? undefined,
    // A kept key is shown at once and refreshed in the background.
    staleTime: 0,
    retry: false,
  });
}
