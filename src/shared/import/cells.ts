// How an import reads a group column's cell, shared by the server and the wizard preview:
// yes-words add to the group, no-words remove, an empty cell leaves the membership as it is.
const GROUP_YES = new Set(['1', 'x', 'kyllä', 'kylla', 'k', 'true', 'yes', 'y', 'ja', 'on']);
const GROUP_NO = new Set(['0', 'ei', 'e', 'false', 'no', 'n', 'nej', 'off']);

/** true/false for a group cell, null for empty (no change), undefined when it cannot be read. */
export function groupCellValue(raw: string): boolean | null | undefined {
  const word = raw.trim().toLowerCase();
  if (word === '') return null;
  if (GROUP_YES.has(word)) return true;
  if (GROUP_NO.has(word)) return false;
  return undefined;
}
