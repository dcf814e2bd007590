/**
 * The results of read(0), read(every), read(2 × every), … below `total`, in order, with `depth`
 * reads asked for while the caller uses one: PostgreSQL answers them meanwhile on connections of
 * their own (SQLite answers each read at once, so there the depth changes nothing). A failed read
 * is thrown when its turn comes, never left unhandled.
 */
export async function* readAhead<T>(total: number, every: number, depth: number, read: (from: number) => Promise<T>): AsyncGenerator<T> {
  const pending: Promise<T>[] = [];
  let from = 0;
  const askNext = () => {
    if (from >= total) return;
    const asked = read(from);
    asked.catch(() => undefined);
    pending.push(asked);
    from += every;
  };
  for (let k = 0; k < Math.max(1, depth); k++) askNext();
  while (pending.length > 0) {
    const value = await pending.shift()!;
    askNext();
    yield value;
  }
}
