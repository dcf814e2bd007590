import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOG_DASHBOARD_ENTRIES, LOG_PAGE_SIZE, type LogEvent } from '../../shared/constants';
import { logAllReply, logEntry, type LogAllBody } from '../../shared/schemas/log';
import { api } from './client';

// Activity log API: a page of entries with filters, one entry by id.
// Query keys `['log', verb, params]`; the log only grows, and every visit refetches.

export interface LogParams {
  /** 0-based. */
  page: number;
  limit?: number;
  /** Empty: every event. */
  events: readonly LogEvent[];
  /** Helsinki days `YYYY-MM-DD`, inclusive. */
  from?: string;
  to?: string;
}

export const logKeys = {
  all: (params: LogParams) => ['log', 'all', params] as const,
  entry: (id: number) => ['log', 'get', { id }] as const,
};

export function logAllBody(params: LogParams): LogAllBody {
  return {
    page: params.page,
    limit: params.limit ?? LOG_PAGE_SIZE,
    transactions: false,
    ...(params.events.length > 0 ? { event: [...params.events] } : {}),
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
  };
}

/** One page of the log, newest first; the previous page stays on screen while the next loads. */
export function useLog(params: LogParams) {
  return useQuery({
    queryKey: logKeys.all(params),
    queryFn: () => api.post('log/all', logAllBody(params), logAllReply),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard panel: the latest entries, no transactions. */
export function useLatestLog() {
  return useLog({ page: 0, limit: LOG_DASHBOARD_ENTRIES, events: [] });
}

export function useLogEntry(id: number | null) {
  return useQuery({
    queryKey: logKeys.entry(id ?? 0),
    queryFn: () => api.get(`log/${String(id)}`, logEntry),
    enabled: id !== null,
  });
}
