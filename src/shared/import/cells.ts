import type { FieldShape } from '../fields/values';

// How an import reads a group column's cell, shared by the server and the wizard preview:
// yes-words add to the group, no-words remove, an empty cell leaves the membership as it is.
// The words cover what people type and what the register's own export writes ("Kyllä"/"Ei").
const GROUP_YES = new Set(['1', 'x', 'kyllä', 'kylla', 'k', 'true', 'tosi', 'yes', 'y', 'ja', 'on']);
const GROUP_NO = new Set(['0', 'ei', 'e', 'false', 'epätosi', 'no', 'n', 'nej', 'off']);

/** true/false for a group cell, null for empty (no change), undefined when it cannot be read. */
export function groupCellValue(raw: string): boolean | null | undefined {
  const word = raw.trim().toLocaleLowerCase('fi');
  if (word === '') return null;
  if (GROUP_YES.has(word)) return true;
  if (GROUP_NO.has(word)) return false;
  return undefined;
}

/**
 * A cell's text as the member form's input for a field (so the export reads
 * back): a checkbox takes the same yes/no words as a group column, a dropdown its
 * option's value or label in any case. Anything else, and words that do not read,
 * go to the form's parser as they are (which then names the error).
 */
export function fieldCellInput(field: Pick<FieldShape, 'type' | 'options'>, raw: string): unknown {
  if (field.type === 'checkbox') {
    const on = groupCellValue(raw);
    return on === undefined ? raw : on === null ? '' : on;
  }
  if (field.type === 'dropdown') {
    const text = raw.trim();
    if (text === '' || field.options.some((o) => o.value === text)) return text;
    const folded = text.toLocaleLowerCase('fi');
    const match = field.options.find((o) => o.value.toLocaleLowerCase('fi') === folded) ?? field.options.find((o) => o.label.trim().toLocaleLowerCase('fi') === folded);
    return match ? match.value : text;
  }
  return raw;
}
