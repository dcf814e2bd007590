import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';
import type { Field, StoredValue } from '../../../shared/fields/types';
import type { MemberModel } from './model';
import { SEARCHED_TYPES, searchTextOf } from './present';
import * as repo from './repo';
import * as search from './search-repo';
import { deferIndex, FTS_LATER } from './search-index';

const CHUNK = 1000;

/**
 * Stages new quick-search text (search-repo.ts) for the members in `ids` whose text changes,
 * from their values as they are now and their columns with `patch` laid over them (columns
 * the same statement is about to write). The caller writes them with the members' other
 * changes (bulk-repo.ts writeMembers, undo's touchTarget), then calls search.closeStage.
 * When FTS_LATER.from texts or more change, their search index is left for after the commit
 * (search-index.ts); the caller then calls catchUpSoon.
 */
export async function stageSearchText(db: Db, dialect: 'sqlite' | 'postgres', tenantId: number, ids: readonly number[], model: MemberModel, patch: Partial<Member> = {}): Promise<void> {
  let changes = 0;
  await search.openStage(db, dialect);
  // Only what the text is made of: a whole-register edit reads these for every member.
  const searched = model.custom.filter((f) => SEARCHED_TYPES.includes(f.type));
  const customById = new Map(searched.map((f) => [f.id, f]));
  const fieldIds = searched.map((f) => f.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [members, values] = await Promise.all([
      repo.searchInputsOf(db, tenantId, chunk),
      fieldIds.length > 0 ? repo.valuesOf(db, tenantId, chunk, fieldIds) : Promise.resolve([]),
    ]);
    const valuesBy = new Map<number, { field: Field; value: StoredValue }[]>();
    for (const v of values) {
      const f = customById.get(v.field_id);
      if (!f) continue;
      const list = valuesBy.get(v.member_id) ?? [];
      list.push({ field: f, value: { text: v.value_text, num: v.value_num } });
      valuesBy.set(v.member_id, list);
    }
    const changed = members.flatMap((m) => {
      const text = searchTextOf({ ...m, ...patch }, valuesBy.get(m.id) ?? []);
      return text === m.search_text ? [] : [{ id: m.id, text }];
    });
    await search.stage(db, dialect, changed);
    changes += changed.length;
  }
  if (changes >= FTS_LATER.from) await deferIndex(db, dialect, tenantId);
}
