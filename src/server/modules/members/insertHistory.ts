import type { StoredValue } from '../../../shared/fields/types';
import { FIXED_FIELDS } from '../../../shared/fields/types';
import { newMemberHistory, type HistoryDatum, type MemberFlag } from '../../../shared/members/history';
import type { MemberModel } from './model';

// A new member's first history entry (PersonInsert) from what the server holds: the
// register's labels for the shared format (src/shared/members/history.ts). The member
// form, the import and an approved application all call this.

export interface Inserted {
  /** Member columns as stored (fixed fields and flags as 0/1). */
  columns: Partial<Record<string, unknown>>;
  /** Custom field values by field id. */
  values: ReadonlyMap<number, StoredValue>;
  /** Ids of the groups joined. */
  groupIds: Iterable<number>;
  password?: boolean;
}

const FLAGS: readonly MemberFlag[] = ['active', 'site_admin', 'board'];

export function insertHistory(model: MemberModel, m: Inserted): HistoryDatum[] {
  const flags: Partial<Record<MemberFlag, boolean>> = {};
  for (const flag of FLAGS) if (m.columns[flag] !== undefined) flags[flag] = m.columns[flag] === 1;
  return newMemberHistory({
    columns: FIXED_FIELDS.map((f) => ({ field: f.name, label: model.byName.get(f.name)?.label ?? f.label, value: m.columns[f.name] as string | null | undefined })),
    flags,
    values: model.custom.filter((f) => m.values.has(f.id)).map((f) => ({ field: f, value: m.values.get(f.id)! })),
    groups: [...m.groupIds].flatMap((id) => model.groups.filter((g) => g.id === id)),
    password: m.password,
  });
}
