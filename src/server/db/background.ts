// Work a database runs after a request has been answered (search-index.ts's catching up), so
// closing the database first lets it stop between two steps instead of failing in one.

const closing = new WeakSet<object>();
const running = new WeakMap<object, Set<Promise<unknown>>>();

/** Tracks `work` on `db` until it settles; returns it. */
export function inBackground<T>(db: object, work: Promise<T>): Promise<T> {
  const set = running.get(db) ?? new Set<Promise<unknown>>();
  running.set(db, set);
  set.add(work);
  void work.finally(() => set.delete(work)).catch(() => undefined);
  return work;
}

/** Whether the database is being closed: background work stops at its next step. */
export function isClosing(db: object): boolean {
  return closing.has(db);
}

/** Marks the database closing and waits for its background work to stop. */
export async function settleBackground(db: object): Promise<void> {
  closing.add(db);
  await Promise.allSettled([...(running.get(db) ?? [])]);
}
