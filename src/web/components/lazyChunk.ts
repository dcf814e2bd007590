import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** A component in a chunk of its own: how to start loading it, and whether it has arrived. */
export interface Chunk {
  preload: () => Promise<unknown>;
  /** Whether the chunk has arrived (a render of the component would not suspend). */
  loaded: () => boolean;
}

/**
 * `React.lazy` for the export `name` of a module loaded on demand, with `preload` to start the
 * load early and `loaded` for ChunkSuspense. Made once at module scope: a lazy component made
 * during a render would be a new type each time and remount what it shows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own bound
export function lazyChunk<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> & Chunk {
  let loading: Promise<{ default: M[K] }> | undefined;
  let arrived = false;
  const preload = () =>
    (loading ??= load().then((m) => {
      arrived = true;
      return { default: m[name] };
    }));
  return Object.assign(lazy(preload), { preload, loaded: () => arrived });
}
