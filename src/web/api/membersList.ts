import { keepPreviousData, type Query, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Filter } from '../../shared/filter/types';
import { deleteMemberReply, getResultsReply, type GetResultsReply, historyReply, memberReply, searchReply } from '../../shared/schemas/members';
import { bulkGetReply, bulkReply, type BulkUpdateBody, countReply } from '../../shared/schemas/bulk';
import { undoReply } from '../../shared/schemas/batches';
import { api } from './client';

// Members lists and the actions on them: filtered and sorted pages, quick
// search and supersearch, history, delete/restore, bulk edit/remove/restore and undo.
// Query keys follow `[area, verb, params]`; every change invalidates `['members']`.

export interface ListSort {
  field: string;
  dir: 'asc' | 'desc';
}

/** The list query of `members/get_results`: scope, filter, sort and the columns to return. */
export interface ResultsParams {
  filter: Filter;
  deleted: boolean;
  sort: ListSort;
  columns: readonly string[];
  page: number;
  page_size: number;
  /** Chunked loading of the "everyone" list: rows from `offset`, `limit` at a time (≤ 1000). */
  offset?: number;
  limit?: number;
}

export { getResultsReply as resultsReply };
export type ResultsReply = GetResultsReply;

export const resultsKey = (params: ResultsParams) => ['members', 'get_results', params] as const;

export const fetchResults = (params: ResultsParams): Promise<ResultsReply> =>
  api.post('members/get_results', { ...params, pending: false }, getResultsReply);

/** How long a page of members asked for ahead of its list (prefetchResults) is taken as it is. */
const EARLY_FRESH_MS = 10_000;
/** When each page of members asked for ahead was answered, by query hash. */
const answeredEarly = new Map<string, number>();

/**
 * Asks for a page of members ahead of the list that shows it (a first load of the member list,
 * pages/members/listModelData.ts): a list mounting within 10 s takes the answer instead of
 * asking again, unless a change has made it out of date.
 */
export async function prefetchResults(queryClient: QueryClient, params: ResultsParams): Promise<void> {
  await queryClient.prefetchQuery({ queryKey: resultsKey(params), queryFn: () => fetchResults(params) });
  const query = queryClient.getQueryCache().find({ queryKey: resultsKey(params), exact: true });
  if (query?.state.status === 'success') answeredEarly.set(query.queryHash, query.state.dataUpdatedAt);
}

/**
 * Whether a list mounting now asks again: not while it has the answer asked for ahead of it,
 * under 10 s old and not made out of date by a change. (TanStack Query asks this more than once
 * for one mount.)
 */
function refetchOnMount(query: Query<ResultsReply>): boolean {
  const answered = answeredEarly.get(query.queryHash);
  if (answered === undefined) return true;
  if (query.state.dataUpdatedAt === answered && !query.state.isInvalidated && Date.now() - answered <= EARLY_FRESH_MS) return false;
  answeredEarly.delete(query.queryHash);
  return true;
}

/** One page of the list; the previous page stays on screen while the next loads. */
export function useMemberResults(params: ResultsParams, enabled = true) {
  return useQuery({
    queryKey: resultsKey(params),
    queryFn: () => fetchResults(params),
    placeholderData: keepPreviousData,
    refetchOnMount,
    enabled,
  });
}

export type { SearchHit, SearchReply } from '../../shared/schemas/members';

/** Quick search in a list (≥ 2 characters): names, contact data and text fields, accents ignored. */
export function useQuickSearch(term: string, opts: { deleted: boolean; enabled: boolean }) {
  const body = { term, deleted: opts.deleted, show_all: true };
  return useQuery({
    queryKey: ['members', 'quicksearch', body] as const,
    queryFn: () => api.post('members/quicksearch', body, searchReply),
    placeholderData: keepPreviousData,
    enabled: opts.enabled,
  });
}

/** Supersearch (> 2 characters): a few members for the top bar, or up to 100 for the search page. */
export function useSuperSearch(term: string, opts: { showAll: boolean; enabled: boolean }) {
  const body = { term, show_all: opts.showAll };
  return useQuery({
    queryKey: ['members', 'supersearch', body] as const,
    queryFn: () => api.post('members/supersearch', body, searchReply),
    enabled: opts.enabled,
  });
}

/** A member in any state (also deleted), for pages that only need the name. */
export function useMemberAnyState(id: number | null) {
  return useQuery({
    queryKey: ['members', 'get', { id: id ?? 0, any_state: true }] as const,
    queryFn: () => api.get(`members/${String(id)}?any_state=1`, memberReply),
    enabled: id !== null,
  });
}

export type { HistoryEntry } from '../../shared/schemas/members';

export function useMemberHistory(id: number | null) {
  return useQuery({
    queryKey: ['members', 'get_history', { id: id ?? 0 }] as const,
    queryFn: () => api.post('members/get_history', { id }, historyReply),
    enabled: id !== null,
  });
}

export type { BulkReply } from '../../shared/schemas/bulk';

/**
 * After any change to members: lists, counts, searches and group member counts are
 * refetched. `keepMembers` leaves single members alone (a deleted member's open page
 * would otherwise turn into "not found" before the user is taken away from it).
 */
export function useInvalidateMembers(opts: { keepMembers?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { keepMembers = false } = opts;
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['members'], predicate: (q) => !keepMembers || q.queryKey[1] !== 'get' }),
      queryClient.invalidateQueries({ queryKey: ['groups'] }),
    ]);
}

/** Soft delete (restorable); the reply's batch can be undone. */
export function useDeleteMember() {
  const invalidate = useInvalidateMembers({ keepMembers: true });
  return useMutation({
    mutationFn: (id: number) => api.delete(`members/${String(id)}`, deleteMemberReply),
    onSuccess: () => invalidate(),
  });
}

export function useRestoreMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => api.post('members/restore', { id }, memberReply),
    onSuccess: () => invalidate(),
  });
}

/** How many members a bulk action would touch, with a few names. */
export function useBulkGet(filter: Filter, enabled: boolean) {
  return useQuery({
    queryKey: ['members', 'bulkget', { filter }] as const,
    queryFn: () => api.post('members/bulkget', { filter }, bulkGetReply),
    enabled,
  });
}

export function useBulkUpdate() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: BulkUpdateBody & { filter: Filter }) => api.post('members/bulkupdate', body, bulkReply),
    onSuccess: () => invalidate(),
  });
}

export function useBulkRemove() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (filter: Filter) => api.post('members/bulkremove', { filter }, bulkReply),
    onSuccess: () => invalidate(),
  });
}

export function useBulkRestore() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (filter: Filter) => api.post('members/bulkrestore', { filter }, bulkReply),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePermanently() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (filter: Filter) => api.post('members/delete_permanently', { filter }, countReply),
    onSuccess: () => invalidate(),
  });
}

/** Undoes a batch (delete, bulk edit/remove/restore); `keep_changed` skips members changed since. */
export const postUndo = (batchId: string, keepChanged: boolean) =>
  api.post('members/undo', { batch_id: batchId, keep_changed: keepChanged }, undoReply);
