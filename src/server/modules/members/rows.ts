import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Member } from '../../db/schema';
import type { MemberRow } from '../../../shared/schemas/members';
import type { MemberModel } from './model';
import { columnSpec, columnsRead, fullname, plain, sourcesFrom, type ColumnSpec, type MemberColumn, type StoredAs } from './columns';
import type { ValueRow } from './repo';
import type { MemberUpToDateness } from '../../../shared/members/upToDateness';
import { NO_OUTCOMES, type OutcomesByMember } from '../contacts/outcomes';
import { JsonItems, ROWS_PER_PIECE } from './json-pieces';
import { readAhead } from './read-ahead';

// List rows from member rows + their values and group links: the value and group
// lists are indexed by member once, so a page costs O(members + values + links), not
// O(members × values) as a `filter` per member did.

/** Rows between event-loop yields: long pages must not starve other requests. */
export const ROWS_PER_YIELD = 500;

type GroupLink = { member_id: number; group_id: number };

export interface RowSource {
  members: readonly Member[];
  values: readonly ValueRow[];
  groups: readonly GroupLink[];
  model: MemberModel;
  /** Requested columns: rows carry id, names and only these. */
  columns: readonly string[];
  /** Recorded messaging outcomes, read only when a column shows up-to-dateness (wantsOutcomes). */
  outcomes?: OutcomesByMember;
}

/** Up-to-dateness columns: one medium of `uptodate_` each, as the filter fields of the same names. */
export const UPTODATE_COLUMNS: ReadonlyMap<string, 'email' | 'sms'> = new Map([
  ['uptodate_email', 'email'],
  ['uptodate_sms', 'sms'],
]);

export const wantsOutcomes = (columns: readonly string[]): boolean => columns.some((c) => c === 'uptodate_' || UPTODATE_COLUMNS.has(c));

/** A row builder for one page: the value and group lists are indexed once, and only the requested names computed. */
function rowBuilder(src: RowSource): (m: Member) => MemberRow {
  const sourceOf = sourcesFrom(src.values, src.groups);
  const outcomes = src.outcomes ?? NO_OUTCOMES;
  const shown = rowColumns(src.model, src.columns);
  const uptodate = columnSpec(src.model, 'uptodate_')!;
  return (m) => {
    const from = sourceOf(m, outcomes.get(m.id));
    const row: MemberRow = { id: m.id, firstname: m.firstname, lastname: m.lastname, fullname_: fullname(m) };
    let states: MemberUpToDateness | undefined;
    for (const c of shown) {
      if (c.medium) row[c.name] = (states ??= uptodate.get(from) as MemberUpToDateness)[c.medium];
      else row[c.name] = c.spec.get(from);
    }
    return row;
  };
}

interface RowColumn {
  name: string;
  spec: ColumnSpec;
  /** An up-to-dateness column: one medium of `uptodate_`. */
  medium?: 'email' | 'sms';
}

/** The requested names a row carries (unknown names and `meta_` left out), each with how it is computed. */
export function rowColumns(model: MemberModel, columns: readonly string[]): RowColumn[] {
  return columns.flatMap((name): RowColumn[] => {
    if (name === 'meta_') return [];
    if (name === 'deleted_at') return [{ name, spec: plain('deleted_at') }];
    const medium = UPTODATE_COLUMNS.get(name);
    if (medium) return [{ name, spec: columnSpec(model, 'uptodate_')!, medium }];
    const spec = columnSpec(model, name);
    return spec ? [{ name, spec }] : [];
  });
}

/** The member columns rows of these names need: what a long page reads instead of whole rows. */
export function rowReads(model: MemberModel, columns: readonly string[]): MemberColumn[] {
  return columnsRead(rowColumns(model, columns).map((c) => c.spec));
}

/** Synchronous form, for callers that already bound the page size. */
export function buildRows(src: RowSource): MemberRow[] {
  return src.members.map(rowBuilder(src));
}

/** What one chunk of members needs besides the member rows. */
export type LoadLinks = (memberIds: number[]) => Promise<{ values: readonly ValueRow[]; groups: readonly GroupLink[]; outcomes?: OutcomesByMember }>;

/** Where a long page's rows come from: the member rows of some ids, what else they need, and which names they show. */
export interface PageSource {
  read: (memberIds: number[]) => Promise<readonly Member[]>;
  load: LoadLinks;
  model: MemberModel;
  columns: readonly string[];
}

/**
 * Rows of these members in this order, a piece of `every` members at a time. Each piece's
 * member rows and its values and group links are read side by side (PostgreSQL answers them on
 * two connections at once), with a turn of the event loop between pieces: SQLite answers
 * synchronously, so awaiting its queries alone never lets another request in. A member removed
 * meanwhile is left out.
 */
export async function* rowPieces(ids: readonly number[], { read, load, model, columns }: PageSource, every = ROWS_PER_YIELD): AsyncGenerator<MemberRow[]> {
  for (let i = 0; i < ids.length; i += every) {
    if (i > 0) await yieldToLoop();
    const chunk = ids.slice(i, i + every);
    const [members, { values, groups, outcomes }] = await Promise.all([read(chunk), load(chunk)]);
    yield buildRows({ members, values, groups, model, columns, outcomes });
  }
}

/** Rows of some members as JSON texts with their member ids, in batches: a member removed meanwhile has none. */
export type ReadTexts = (memberIds: number[]) => Promise<AsyncIterable<readonly (readonly [number, string])[]> | Iterable<readonly (readonly [number, string])[]>>;

/**
 * Where each name of these rows is stored (columns.ts, StoredAs), so that the database can write
 * the rows' JSON itself (row-json-repo.ts); null when a name is computed here (up-to-dateness).
 * Id, names and full name come first and a name asked for twice once, as in a built row.
 */
export function storedRow(model: MemberModel, columns: readonly string[]): { name: string; stored: StoredAs }[] | null {
  const out = new Map<string, StoredAs>();
  for (const c of [...rowColumns(model, ['id', 'firstname', 'lastname', 'fullname_']), ...rowColumns(model, columns)]) {
    if (c.medium || !c.spec.stored) return null;
    if (!out.has(c.name)) out.set(c.name, c.spec.stored);
  }
  return [...out].map(([name, stored]) => ({ name, stored }));
}

/**
 * Rows built here as JSON texts, `buildEvery` at a time with a turn of the event loop in between
 * (building 2 000 rows at once held the event loop for 110–180 ms): for rows with a name the
 * database cannot write (storedRow is null). Each piece's member rows and its values and group
 * links are read side by side.
 */
export function builtTexts({ read, load, model, columns }: PageSource, buildEvery = ROWS_PER_YIELD): ReadTexts {
  return async (chunk) => {
    const [members, links] = await Promise.all([read(chunk), load(chunk)]);
    const build = rowBuilder({ members, ...links, model, columns });
    // Built as they are taken: on PostgreSQL the next piece is read meanwhile.
    return (async function* () {
      for (let k = 0; k < members.length; k += buildEvery) {
        if (k > 0) await yieldToLoop();
        yield members.slice(k, k + buildEvery).map((m) => {
          const row = build(m);
          return [row.id, JSON.stringify(row)] as const;
        });
      }
    })();
  };
}

/**
 * A long page's rows (the page of everyone) as JSON text in the page's order, but read in id
 * order: the members, values and group links of ids close together are read as ranges of
 * their tables and indexes, where a piece of the page in name order costs a probe per member
 * and table. Measured on SQLite at 100 000 members, the reads of everyone's page:
 * 3,6 s → 2,2 s. Each row is kept as its JSON text until its turn (about 0,4 kB a member,
 * one string rather than an object per row and cell), then written `perPiece` at a time.
 * The texts are read `readEvery` members at a time, the next piece while this one is kept,
 * with a turn of the event loop after each: on PostgreSQL each query also costs a round trip
 * and the driver's socket write (reads of 500: about 600 queries and 0.3 s of writes per page).
 */
export async function* rowTextPieces(ids: readonly number[], readTexts: ReadTexts, readEvery = ROWS_PER_YIELD, perPiece = ROWS_PER_PIECE, ahead = 1): AsyncGenerator<JsonItems> {
  const inIdOrder = Float64Array.from(ids).sort();
  const texts = new Map<number, string>();
  for await (const piece of readAhead(inIdOrder.length, readEvery, ahead, (from) => readTexts(Array.from(inIdOrder.subarray(from, from + readEvery))))) {
    for await (const batch of piece) {
      for (const [id, text] of batch) texts.set(id, text);
      await yieldToLoop();
    }
  }
  for (let i = 0; i < ids.length; i += perPiece) {
    const parts: string[] = [];
    for (let k = i; k < Math.min(i + perPiece, ids.length); k++) {
      const text = texts.get(ids[k]!);
      // A member removed meanwhile is left out.
      if (text === undefined) continue;
      parts.push(text);
      texts.delete(ids[k]!);
    }
    yield new JsonItems(parts.join(','));
  }
}

/** rowPieces gathered into one list (a page up to list-repo's BIG_PAGE). */
export async function rowsOfIds(...args: Parameters<typeof rowPieces>): Promise<MemberRow[]> {
  const out: MemberRow[] = [];
  for await (const piece of rowPieces(...args)) for (const row of piece) out.push(row);
  return out;
}
