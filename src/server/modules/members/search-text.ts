import type { Db } from '../../db/kysely';
import type { Field, StoredValue } from '../../../shared/fields/types';
import { pinnedList } from '../batches/repo';
import type { MemberModel } from './model';
import { searchTextOf } from './present';
import * as repo from './repo';
import * as search from './search-repo';

const CHUNK = 1000;

/** Recomputes quick-search text for a batch's members (after text values or addresses changed). */
export async function refreshSearchText(db: Db, dialect: 'sqlite' | 'postgres', tenantId: number, batchId: string, model: MemberModel): Promise<void> {
  await search.openStage(db, dialect);
  const ids = await pinnedList(db, tenantId, batchId);
  const customById = new Map(model.custom.map((f) => [f.id, f]));
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const members = await repo.findMany(db, tenantId, chunk);
    const values = await repo.valuesOf(db, tenantId, chunk);
    const valuesBy = new Map<number, { field: Field; value: StoredValue }[]>();
    for (const v of values) {
      const f = customById.get(v.field_id);
      if (!f) continue;
      const list = valuesBy.get(v.member_id) ?? [];
      list.push({ field: f, value: { text: v.value_text, num: v.value_num } });
      valuesBy.set(v.member_id, list);
    }
    const changed = members.flatMap((m) => {
      const text = searchTextOf(m, valuesBy.get(m.id) ?? []);
      return text === m.search_text ? [] : [{ id: m.id, text }];
    });
    await search.stage(db, changed);
  }
  await search.applyStage(db, tenantId);
}
