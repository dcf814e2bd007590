import { useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import { invoiceSearchReply } from '../../shared/schemas/invoices';
import { searchReply } from '../../shared/schemas/members';
import { announcementSearchReply } from '../../shared/schemas/messages';
import { updreqSearchReply } from '../../shared/schemas/updreqs';
import { api } from './client';

// The supersearch call of each area, for the search page and the header box. Query keys are
// the areas' own (`[area, 'supersearch', body]`), so a save that refreshes an area refreshes
// its hits too, and the bank's invoice search shares the cache.

export const SEARCH_TYPES = ['members', 'invoices', 'announcements', 'updreqs'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const isSearchType = (s: string | undefined): s is SearchType => (SEARCH_TYPES as readonly string[]).includes(s ?? '');

export interface SearchReplies {
  members: z.infer<typeof searchReply>;
  invoices: z.infer<typeof invoiceSearchReply>;
  announcements: z.infer<typeof announcementSearchReply>;
  updreqs: z.infer<typeof updreqSearchReply>;
}
export type AnySearchReply = SearchReplies[SearchType];

function searchQuery(type: SearchType, term: string, showAll: boolean) {
  switch (type) {
    case 'members': {
      const body = { term, show_all: showAll };
      return { queryKey: ['members', 'supersearch', body] as const, queryFn: (): Promise<AnySearchReply> => api.post('members/supersearch', body, searchReply) };
    }
    case 'invoices':
      return { queryKey: ['invoices', 'supersearch', { term }] as const, queryFn: (): Promise<AnySearchReply> => api.post('invoices/supersearch', { term }, invoiceSearchReply) };
    case 'announcements':
      return { queryKey: ['announcements', 'supersearch', { term }] as const, queryFn: (): Promise<AnySearchReply> => api.post('announcements/supersearch', { term }, announcementSearchReply) };
    case 'updreqs':
      return { queryKey: ['updreqs', 'supersearch', { term }] as const, queryFn: (): Promise<AnySearchReply> => api.post('updreqs/supersearch', { term }, updreqSearchReply) };
  }
}

/**
 * Every given area's supersearch at once, in parallel and each on its own: one slow or
 * failing area leaves the others' answers (and their loading and error states) apart.
 * `showAll` only widens the members' search (10 → 100 hits); the others answer a page anyway.
 */
export function useSearches(types: readonly SearchType[], term: string, opts: { enabled: boolean; showAll: boolean; retry?: boolean }) {
  return useQueries({
    queries: types.map((type) => ({
      ...searchQuery(type, term, opts.showAll),
      enabled: opts.enabled,
      ...(opts.retry === false ? { retry: false } : {}),
    })),
  });
}
