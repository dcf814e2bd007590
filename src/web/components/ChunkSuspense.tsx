import { type ReactNode, Suspense, useEffect, useReducer } from 'react';
import type { Chunk } from './lazyChunk';

/**
 * A Suspense boundary for components loaded on demand (lazyChunk.ts) that shows them as soon
 * as their chunk arrives.
 *
 * React shows content that suspended in a "retry" render, and holds such a reveal back until
 * 300 ms after the boundary's fallback appeared (FALLBACK_THROTTLE_MS in react-dom), so that
 * quick successive loaders do not flash. A chunk mostly arrives while its fallback is new, and
 * on a cold load of the member list that hold was a tenth of a second of an idle page (the
 * login page's, nearly two). This boundary renders again at normal priority when a chunk it
 * waits for arrives: that render shows the content and is not held back.
 *
 * `chunks` is what the children may be waiting for: one chunk, or an array whose identity stays.
 */
export function ChunkSuspense({ chunks, fallback, children }: { chunks: Chunk | readonly Chunk[]; fallback: ReactNode; children: ReactNode }) {
  const [, reveal] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let live = true;
    for (const chunk of Array.isArray(chunks) ? chunks : [chunks as Chunk]) {
      if (chunk.loaded()) continue;
      chunk.preload().then(
        () => live && reveal(),
        () => undefined, // the lazy component's own render shows the failure
      );
    }
    return () => {
      live = false;
    };
  }, [chunks]);
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
