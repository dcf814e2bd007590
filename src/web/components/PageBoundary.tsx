import { type ReactNode, useMemo } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../router';
import { ChunkSuspense } from './ChunkSuspense';
import { PageLoader } from './PageLoader';

/** Where a route's page waits for its chunk: a loader until it arrives, then the page at once (ChunkSuspense). */
export function PageBoundary({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const chunks = useMemo(() => matches.flatMap((match) => (match.handle ? [match.handle as RouteHandle] : [])), [matches]);
  return (
    <ChunkSuspense chunks={chunks} fallback={<PageLoader />}>
      {children}
    </ChunkSuspense>
  );
}
