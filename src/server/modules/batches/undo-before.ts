import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';
import { valueToText } from '../../../shared/fields/values';
import type { MemberModel } from '../members/model';
import { currentOfTarget, type RecordedRow } from './undo-repo';

// An import sets different values for each member, so its batch summary cannot say what
// an undo takes away (a bulk edit's can). For the history of an import's undo, the
// values the members hold just before it, keyed `member:kind:item`, in the form the
// undo's history writes (text, d.M.yyyy-style value text, or a boolean).

export async function valuesBeforeUndo(db: Db, tid: number, batchId: string, model: MemberModel, items: readonly RecordedRow[]): Promise<Map<string, unknown>> {
  const { members, values, groups } = await currentOfTarget(db, tid, batchId);
  const memberBy = new Map(members.map((m) => [Number(m.id), m]));
  const valueBy = new Map(values.map((v) => [`${v.member_id}:${v.field_id}`, v]));
  const inGroup = new Set(groups.map((g) => `${g.member_id}:${g.group_id}`));
  const out = new Map<string, unknown>();
  for (const { member_id, kind, item } of items) {
    let now: unknown;
    if (kind === 'col') {
      const raw = memberBy.get(Number(member_id))?.[item as keyof Member] ?? null;
      now = ['active', 'board'].includes(item) ? raw === 1 : raw;
    } else if (kind === 'value') {
      const field = model.custom.find((f) => String(f.id) === item);
      const v = valueBy.get(`${member_id}:${item}`);
      now = field && v ? valueToText(field.type, { text: v.value_text, num: v.value_num }) || null : null;
    } else now = inGroup.has(`${member_id}:${item}`);
    out.set(`${member_id}:${kind}:${item}`, now);
  }
  return out;
}
