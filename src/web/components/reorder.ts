/** The list with the item at `from` moved to `to` (indexes in the original list); the input is not changed. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return result;
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item as T);
  return result;
}
