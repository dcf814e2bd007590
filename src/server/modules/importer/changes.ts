import type { Member } from '../../db/schema';
import type { Field, StoredValue } from '../../../shared/fields/types';
import { valueToText } from '../../../shared/fields/values';
import { formatFinnishMobile } from '../../../shared/finnish/phone';
import type { MemberPatch } from '../members/input';
import { labelOf } from '../members/input';
import type { MemberModel } from '../members/model';
import type { ValueRow } from '../members/repo';
import type { ImportFieldChange } from '../../../shared/schemas/importer';

// What an import would change in a member it matched: the batch items with
// their prior values (for undo), the same as old → new with the association's labels and
// readable values (for the dry run), and whether the row looks like another person.

/** The dry run lists the changes of at most this many updated rows (the flagged ones always). */
export const CHANGES_SHOWN = 100;
/** …and of at most this many rows flagged as possibly another person. */
export const FLAGGED_SHOWN = 1000;

export interface Prior {
  kind: 'col' | 'value' | 'group';
  item: string;
  old_text: string | null;
  old_num: number | null;
}

type Readable = ImportFieldChange['old'];

const FLAG_COLUMNS = new Set(['active', 'site_admin', 'board']);

/** The changed items of an update, with the values before it (what undo puts back). */
export function priorValues(m: Member, patch: MemberPatch, values: ValueRow[], groupIds: Set<number>): Prior[] {
  const out: Prior[] = [];
  for (const [col, value] of Object.entries(patch.columns)) {
    const before = m[col as keyof Member] as string | number | null;
    if ((before ?? '') === (value ?? '')) continue;
    out.push(typeof before === 'number' ? { kind: 'col', item: col, old_text: null, old_num: before } : { kind: 'col', item: col, old_text: before, old_num: null });
  }
  const byField = new Map(values.map((v) => [v.field_id, v]));
  for (const [fieldId, v] of patch.values) {
    const old = byField.get(fieldId);
    if ((old?.value_text ?? null) === v.text && (old?.value_num ?? null) === v.num) continue;
    out.push({ kind: 'value', item: String(fieldId), old_text: old?.value_text ?? null, old_num: old?.value_num ?? null });
  }
  for (const [groupId, on] of patch.groups) if (groupIds.has(groupId) !== on) out.push({ kind: 'group', item: String(groupId), old_text: null, old_num: groupIds.has(groupId) ? 1 : 0 });
  return out;
}

const sameName = (a: string, b: string): boolean => a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi') === b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi');

/** A first or last name in the file that differs from the matched member's beyond case and spacing. */
export function differentPerson(m: Member, patch: MemberPatch): boolean {
  const { firstname, lastname } = patch.columns;
  return (firstname !== undefined && !sameName(firstname, m.firstname)) || (lastname !== undefined && !sameName(lastname, m.lastname));
}

/** A stored value as people read it: option labels, d.M.yyyy, decimal comma, yes/no as booleans. */
function readable(field: Field, v: StoredValue | undefined): Readable {
  if (!v || (v.text === null && v.num === null)) return field.type === 'checkbox' ? false : null;
  if (field.type === 'checkbox') return v.num === 1;
  if (field.type === 'dropdown') return field.options.find((o) => o.value === v.text)?.label ?? v.text;
  return valueToText(field.type, v) || null;
}

function readableColumn(col: string, v: string | number | null | undefined): Readable {
  if (FLAG_COLUMNS.has(col)) return v === 1;
  if (v === null || v === undefined || v === '') return null;
  return col === 'phone' ? formatFinnishMobile(String(v)) : String(v);
}

/** The prior items as old → new, in form order (columns, custom fields, groups). */
export function describeChanges(model: MemberModel, patch: MemberPatch, prior: Prior[]): ImportFieldChange[] {
  return prior.map((p): ImportFieldChange => {
    if (p.kind === 'col') {
      const now = (patch.columns as Record<string, string | number | null | undefined>)[p.item];
      return { field: p.item, label: labelOf(model, p.item), old: readableColumn(p.item, p.old_num ?? p.old_text), new: readableColumn(p.item, now) };
    }
    if (p.kind === 'value') {
      const field = model.custom.find((f) => String(f.id) === p.item)!;
      return { field: field.name, label: field.label, old: readable(field, { text: p.old_text, num: p.old_num }), new: readable(field, patch.values.get(field.id)) };
    }
    const group = model.groups.find((g) => String(g.id) === p.item)!;
    return { field: group.name, label: group.label, old: p.old_num === 1, new: patch.groups.get(group.id) === true };
  });
}
