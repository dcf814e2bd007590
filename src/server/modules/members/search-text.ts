import type { RawBuilder } from 'kysely';
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
 * Members whose texts are made between two reads inside SQLite's transaction. What a chunk
 * reads and makes lives until it is staged, so each minor GC copies it: of 100 000 members'
 * texts, 1 000 a chunk spent 0.76 s in minor GCs and 250 a chunk 0.35 s (edit 9.5–10.1 s
 * against 7.5–9.0 s in turns).
 */
const SQLITE_CHUNK = 250;

/** Texts made ahead of a transaction: each member's new text, its text then and its updated_at then. */
export type TextsAhead = Map<number, { text: string; old: string; at: string }>;

/** A member's values of the searched fields, by the field's place in `fields` (searchTextOf's order). */
type Values = (StoredValue | undefined)[];

/** These members' values of the fields the text is made of, by member. */
async function searchedValues(db: Db, tenantId: number, ids: number[], fields: readonly Field[]): Promise<Map<number, Values>> {
  const out = new Map<number, Values>();
  if (fields.length === 0) return out;
  const place = new Map(fields.map((f, i) => [f.id, i]));
  for (const v of await repo.valuesOf(db, tenantId, ids, fields.map((f) => f.id))) {
    const at = place.get(v.field_id);
    if (at === undefined) continue;
    let of = out.get(v.member_id);
    if (!of) out.set(v.member_id, (of = new Array<StoredValue | undefined>(fields.length)));
    of[at] = { text: v.value_text, num: v.value_num };
  }
  return out;
}

/** A member's values as searchTextOf takes them. */
function inOrder(fields: readonly Field[], values: Values | undefined): { field: Field; value: StoredValue }[] {
  const out: { field: Field; value: StoredValue }[] = [];
  if (values) for (let i = 0; i < fields.length; i++) if (values[i]) out.push({ field: fields[i]!, value: values[i]! });
  return out;
}

const searchedFields = (model: MemberModel): Field[] => model.custom.filter((f) => SEARCHED_TYPES.includes(f.type));

/**
 * A number for what the association's texts are made of besides a member's own columns and
 * values: the searched fields in order, their types and dropdowns' labels. While it is the
 * same, a text kept from before a batch is the text its member makes again once the batch is
 * undone (batches/undo-repo.ts pinnedTextsHold). Two 32-bit FNV-1a hashes in 52 bits, exact in
 * a double.
 */
export function searchModelKey(model: MemberModel): number {
  const made = JSON.stringify(searchedFields(model).map((f) => [f.id, f.type, f.type === 'dropdown' ? f.options.map((o) => [o.value, o.label]) : null]));
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < made.length; i++) {
    const c = made.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
  }
  return a * 0x100000 + (b & 0xfffff);
}

/**
 * Stages new quick-search text (search-repo.ts) for the members in `ids` whose text changes,
 * from their values as they are now and their columns with `patch` laid over them (columns
 * the same statement is about to write). The caller writes them with the members' other
 * changes (bulk-repo.ts writeMembers, undo's touchTarget), then calls search.closeStage.
 * When FTS_LATER.from texts or more change, their search index is left for after the commit
 * (search-index.ts); the caller then calls catchUpSoon.
 *
 * `ahead` (searchTextsAhead) gives texts already made for some of them: those are staged as
 * they are, and any of those members written since (its updated_at moved on) is made here again.
 */
export async function stageSearchText(db: Db, dialect: 'sqlite' | 'postgres', tenantId: number, ids: readonly number[], model: MemberModel, patch: Partial<Member> = {}, ahead?: TextsAhead): Promise<void> {
  let changes = 0;
  await search.openStage(db, dialect);
  const fields = searchedFields(model);
  const make = async (chunk: number[]): Promise<search.StagedText[]> => {
    if (chunk.length === 0) return [];
    const [members, valuesBy] = await Promise.all([repo.searchInputsOf(db, tenantId, chunk), searchedValues(db, tenantId, chunk, fields)]);
    return members.flatMap((m) => {
      const text = searchTextOf({ ...m, ...patch }, inOrder(fields, valuesBy.get(m.id)));
      return text === m.search_text ? [] : [{ id: m.id, text }];
    });
  };
  const every = dialect === 'sqlite' ? SQLITE_CHUNK : CHUNK;
  for (let i = 0; i < ids.length; i += every) {
    const chunk = ids.slice(i, i + every);
    const made: search.StagedText[] = [];
    const rest: number[] = [];
    for (const id of chunk) {
      const a = ahead?.get(id);
      if (!a) rest.push(id);
      else {
        // Staged with its time even when the text stays, for the check below.
        made.push({ id, text: a.text, at: a.at });
        if (a.text !== a.old) changes += 1;
      }
    }
    const fresh = await make(rest);
    await search.stage(db, dialect, [...made, ...fresh]);
    changes += fresh.length;
  }
  if (ahead) {
    // Written by someone else since the text was made: made again from what it holds now.
    const moved = await search.stagedSinceMoved(db, tenantId);
    if (moved.length > 0) {
      await search.unstage(db, moved);
      await search.stage(db, dialect, await make(moved));
    }
  }
  if (changes >= FTS_LATER.from) await deferIndex(db, dialect, tenantId, search.STAGED_IDS);
}

/**
 * PostgreSQL: the new texts of the members `where` (a condition over `members m`) matches,
 * made on another connection while the bulk edit's transaction records and writes, from
 * their values as committed then with `patch` laid over them: `columns` and the values of
 * searched fields the edit sets (null: clears). Each text keeps the member's updated_at, so
 * stageSearchText makes anew the text of a member written meanwhile. Timed at 100 000 members:
 * the reading and making took 4–5 s of the edit's transaction, which now spends them on its
 * own statements.
 */
export async function searchTextsAhead(
  db: Db,
  tenantId: number,
  where: RawBuilder<unknown>,
  model: MemberModel,
  patch: { columns: Partial<Member>; values: ReadonlyMap<number, StoredValue | null> },
): Promise<TextsAhead> {
  const out: TextsAhead = new Map();
  const fields = searchedFields(model);
  // The searched fields the edit sets, by their place among the searched fields.
  const set = [...patch.values].flatMap(([id, value]) => {
    const at = fields.findIndex((f) => f.id === id);
    return at < 0 ? [] : [[at, value] as const];
  });
  for (let after = 0; ; ) {
    const members = await repo.searchInputsWhere(db, where, after, CHUNK);
    if (members.length === 0) break;
    after = members[members.length - 1]!.id;
    const valuesBy = await searchedValues(
      db,
      tenantId,
      members.map((m) => m.id),
      fields,
    );
    for (const m of members) {
      const values: Values = [...(valuesBy.get(m.id) ?? new Array<StoredValue | undefined>(fields.length))];
      for (const [at, value] of set) values[at] = value ?? undefined;
      out.set(m.id, { text: searchTextOf({ ...m, ...patch.columns }, inOrder(fields, values)), old: m.search_text, at: m.updated_at });
    }
    if (members.length < CHUNK) break;
  }
  return out;
}
