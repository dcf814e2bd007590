import type { Member } from '../../db/schema';
import type { StoredValue } from '../../../shared/fields/types';
import { memberUpToDateness, type RecordedOutcome } from '../../../shared/members/upToDateness';
import type { MemberModel } from './model';
import type { ValueRow } from './repo';

// What each name of a presented member is made of: the member columns it reads and how its
// value is computed. presentMember builds a whole member from these; list rows and the
// export compute only the names they show and read only the columns those need, which
// for the page of everyone is most of its time (a row object costs per column read).

export type MemberColumn = keyof Member;

/** What one member's names are computed from. */
export interface MemberSource {
  m: Member;
  /** The member's custom values by field id (only the fields read). */
  values: ReadonlyMap<number, StoredValue> | undefined;
  groupIds: ReadonlySet<number>;
  recorded: readonly RecordedOutcome[];
}

export interface ColumnSpec {
  /** Member columns the value needs besides id and names, which every row has. */
  reads: readonly MemberColumn[];
  get(s: MemberSource): unknown;
  /** Where the value is stored, so the database can write it into a row's JSON itself (row-json-repo.ts); absent for values computed here. */
  stored?: StoredAs;
}

/** A value as the database holds it: what `get` computes, said so that SQL can compute it too. */
export type StoredAs =
  | { from: 'member'; column: MemberColumn; as: 'value' | 'flag' }
  | { from: 'fullname' }
  | { from: 'value'; fieldId: number; as: 'text' | 'number' | 'checkbox' }
  | { from: 'group'; groupId: number }
  | { from: 'constant'; value: true | null };

/** A stored custom value as the API carries it: text, ISO date, number or boolean. */
export function apiValue(field: { type: string }, v: StoredValue | undefined): unknown {
  if (!v) return field.type === 'checkbox' ? false : null;
  switch (field.type) {
    case 'integer':
    case 'decimal':
      return v.num;
    case 'checkbox':
      return v.num === 1;
    case 'password':
      return null;
    default:
      return v.text;
  }
}

/** Where apiValue's value of this field is stored. */
function storedValue(field: { id: number; type: string }): StoredAs {
  switch (field.type) {
    case 'integer':
    case 'decimal':
      return { from: 'value', fieldId: field.id, as: 'number' };
    case 'checkbox':
      return { from: 'value', fieldId: field.id, as: 'checkbox' };
    case 'password':
      return { from: 'constant', value: null };
    default:
      return { from: 'value', fieldId: field.id, as: 'text' };
  }
}

export const fullname = (m: Pick<Member, 'firstname' | 'lastname'>): string => `${m.firstname} ${m.lastname}`.trim();

export const plain = (c: MemberColumn): ColumnSpec => ({ reads: [c], get: (s) => s.m[c], stored: { from: 'member', column: c, as: 'value' } });
const own = (c: 'id' | 'firstname' | 'lastname'): ColumnSpec => ({ reads: [], get: (s) => s.m[c], stored: { from: 'member', column: c, as: 'value' } });
const flag = (c: 'active' | 'site_admin' | 'board' | 'imported'): ColumnSpec => ({ reads: [c], get: (s) => s.m[c] === 1, stored: { from: 'member', column: c, as: 'flag' } });
const PORG = new Set(['email_porg1', 'email_porg2']);

/** The fixed names in the order the API presents them (porg addresses only when enabled). */
const FIXED: ReadonlyMap<string, ColumnSpec> = new Map<string, ColumnSpec>([
  ['id', own('id')],
  ['firstname', own('firstname')],
  ['lastname', own('lastname')],
  ['fullname_', { reads: [], get: (s) => fullname(s.m), stored: { from: 'fullname' } }],
  ['email', plain('email')],
  ['phone', plain('phone')],
  ['address_street', plain('address_street')],
  ['address_zip', plain('address_zip')],
  ['address_city', plain('address_city')],
  ['email_porg1', plain('email_porg1')],
  ['email_porg2', plain('email_porg2')],
  ['active', flag('active')],
  ['site_admin', flag('site_admin')],
  ['board', flag('board')],
  ['imported', flag('imported')],
  // The member number is `id` (the export's "Jäsennumero"); both are read-only: save ignores them.
  ['member_since', plain('member_since')],
  ['created_at', plain('created_at')],
  ['updated_at', plain('updated_at')],
  ['meta_', { reads: ['deleted_at', 'pending'], get: (s) => ({ deleted: s.m.deleted_at !== null, pending: s.m.pending === 1, deleted_at: s.m.deleted_at }) }],
  // Per-medium up-to-dateness from the recorded outcomes: SMS to a foreign mobile is 'unsupported'.
  ['uptodate_', { reads: ['email', 'phone'], get: (s) => memberUpToDateness(s.m, s.recorded) }],
]);

/** How the value of `name` is computed for this association, or undefined for a name it does not present. */
export function columnSpec(model: MemberModel, name: string): ColumnSpec | undefined {
  const fixed = FIXED.get(name);
  if (fixed) return PORG.has(name) && !model.porg ? undefined : fixed;
  const field = model.byName.get(name);
  if (field && !field.fixed) {
    if (field.type === 'heading') return undefined;
    return { reads: [], get: (s) => apiValue(field, s.values?.get(field.id)), stored: storedValue(field) };
  }
  const group = model.groupByName.get(name);
  if (!group) return undefined;
  if (group.builtin === 'everyone') return { reads: [], get: () => true, stored: { from: 'constant', value: true } };
  if (group.builtin === 'board') return flag('board');
  return { reads: [], get: (s) => s.groupIds.has(group.id), stored: { from: 'group', groupId: group.id } };
}

/** Every name a whole member is presented with, in the API's order. */
export function presentedNames(model: MemberModel): string[] {
  return [...[...FIXED.keys()].filter((n) => model.porg || !PORG.has(n)), ...model.custom.map((f) => f.name), ...model.groups.map((g) => g.name)];
}

/** The member columns a row of these names reads: id and names always, then what each needs. */
export function columnsRead(specs: readonly ColumnSpec[], extra: readonly MemberColumn[] = []): MemberColumn[] {
  return [...new Set<MemberColumn>(['id', 'firstname', 'lastname', ...specs.flatMap((s) => s.reads), ...extra])];
}

/** Custom values by member, then by field: a page's values indexed once (each row read once). */
export function valuesByMember(values: readonly ValueRow[]): Map<number, Map<number, StoredValue>> {
  const out = new Map<number, Map<number, StoredValue>>();
  for (const v of values) {
    const id = v.member_id;
    let mine = out.get(id);
    if (!mine) out.set(id, (mine = new Map()));
    mine.set(v.field_id, { text: v.value_text, num: v.value_num });
  }
  return out;
}

/** Group ids by member: a page's group links indexed once. */
function groupsByMember(links: readonly { member_id: number; group_id: number }[]): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const g of links) {
    const id = g.member_id;
    const set = out.get(id);
    if (set) set.add(g.group_id);
    else out.set(id, new Set([g.group_id]));
  }
  return out;
}

/** For members in no group. */
const NO_GROUPS: ReadonlySet<number> = new Set();

/** Each member's source from a page's values and group links, indexed once for the page. */
export function sourcesFrom(values: readonly ValueRow[], links: readonly { member_id: number; group_id: number }[]): (m: Member, recorded?: readonly RecordedOutcome[]) => MemberSource {
  const valuesBy = valuesByMember(values);
  const groupsBy = groupsByMember(links);
  return (m, recorded = []) => ({ m, values: valuesBy.get(m.id), groupIds: groupsBy.get(m.id) ?? NO_GROUPS, recorded });
}
