import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';
import { valueToText } from '../../../shared/fields/values';
import type { MemberModel } from './model';

// An import sets different values for each member, so its batch summary cannot say what
// an undo takes away (a bulk edit's can). For the history of an import's undo, the
// values the members hold just before it, keyed `member:kind:item`, in the form the
// undo's history writes (text, d.M.yyyy-style value text, or a boolean).

export async function valuesBeforeUndo(db: Db, tid: number, batchId: string, model: MemberModel, target: RawBuilder<unknown>): Promise<Map<string, unknown>> {
  const recorded = (kind: string) => sql`(select u.member_id from batch_values u where u.tenant_id = ${tid} and u.batch_id = ${batchId} and u.kind = ${kind} and u.member_id in ${target})`;
  const [items, members, values, groups] = await Promise.all([
    sql<{ member_id: number; kind: string; item: string }>`select u.member_id, u.kind, u.item from batch_values u
      where u.tenant_id = ${tid} and u.batch_id = ${batchId} and u.kind in ('col', 'value', 'group') and u.member_id in ${target}`.execute(db),
    sql<Member>`select * from members where tenant_id = ${tid} and id in ${recorded('col')}`.execute(db),
    sql<{ member_id: number; field_id: number; value_text: string | null; value_num: number | null }>`select member_id, field_id, value_text, value_num from member_values
      where tenant_id = ${tid} and member_id in ${recorded('value')}`.execute(db),
    sql<{ member_id: number; group_id: number }>`select member_id, group_id from member_groups where tenant_id = ${tid} and member_id in ${recorded('group')}`.execute(db),
  ]);
  const memberBy = new Map(members.rows.map((m) => [Number(m.id), m]));
  const valueBy = new Map(values.rows.map((v) => [`${v.member_id}:${v.field_id}`, v]));
  const inGroup = new Set(groups.rows.map((g) => `${g.member_id}:${g.group_id}`));
  const out = new Map<string, unknown>();
  for (const { member_id, kind, item } of items.rows) {
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
