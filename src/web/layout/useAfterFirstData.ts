import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

// What the frame shows besides the page but nobody needs at first sight (quick search, whose
// chunk brings the phone number library) is mounted once the page has rendered, its answers
// have come and the browser has a quiet moment. Loaded beside the page, it had taken the
// page's connections and main thread on a cold load of the member list.

/** The longest wait, for a page that keeps asking (polling) or a browser never idle. */
export const AFTER_FIRST_DATA_MAX_MS = 3000;

/** Runs `run` in an idle moment; returns how to cancel it. */
export type Idle = (run: () => void) => () => void;

/** requestIdleCallback where there is one (not in Safari), else a short timer. */
const whenIdle: Idle = (run) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 50);
  return () => window.clearTimeout(handle);
};

/**
 * Calls `ready` once in an idle moment during which nothing is being fetched; a fetch that
 * starts before that moment puts it off until the fetch has ended. Returns how to stop.
 */
export function afterFirstData(queryClient: QueryClient, idle: Idle, ready: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  let stopped = false;
  const settle = () => {
    if (stopped || cancelIdle || queryClient.isFetching() > 0) return;
    cancelIdle = idle(() => {
      cancelIdle = null;
      if (stopped || queryClient.isFetching() > 0) return; // its end calls settle again
      stop();
      ready();
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(settle);
  const stop = () => {
    stopped = true;
    unsubscribe();
    cancelIdle?.();
  };
  settle();
  return stop;
}

/** False until the page is shown and afterFirstData is ready (or the longest wait is over); then always true. */
export function useAfterFirstData(pageShown: boolean): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const cap = window.setTimeout(() => setReady(true), AFTER_FIRST_DATA_MAX_MS);
    const stop = pageShown ? afterFirstData(queryClient, whenIdle, () => setReady(true)) : () => undefined;
    return () => {
      window.clearTimeout(cap);
      stop();
    };
  }, [queryClient, pageShown, ready]);
  return ready;
}
