import type { Db } from '../../db/kysely';
import * as repo from './repo';

// Each listed member's place in the association's A–Ö order (list-repo's BY_NAME over the
// members neither deleted nor applying), kept per list version (db/listVersions.ts) so it is
// never used after a write. Quick search of letters inside names (list-repo.ts sqliteInfix)
// takes the ids of the texts holding the letters from the search index and orders them by
// these places, instead of walking the name index A–Ö against them (10–14 ms for letters that
// only late names hold, in 2 000–5 000 texts of 100 000). Reading the order costs 13 ms at
// 100 000 members on SQLite, once per version.

/**
 * Memory held in all, over every association of one database handle (about 8 bytes a member
 * when its association's ids lie close, 70 when not), and the largest association placed.
 */
export const NAME_RANK_LIMITS = { bytes: 32 * 1024 * 1024, perTenant: 500_000 };

export interface NameRanks {
  /** Place of `id` A–Ö, or -1 when it is not a listed member of the association. */
  rankOf(id: number): number;
  /** The id at a place. */
  idAt(rank: number): number;
  readonly size: number;
  /** About what it holds in memory. */
  readonly bytes: number;
}

/** Where a search finds the ranks: those already kept, or read when worth it. */
export interface RankSource {
  kept(): NameRanks | undefined;
  read(): Promise<NameRanks | null>;
}

/** Ranks of ids given in order: an array over the ids' span when they lie close, otherwise a map. */
export function ranksOf(ids: readonly number[]): NameRanks {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const order = Int32Array.from(ids);
  const idAt = (rank: number) => order[rank]!;
  const span = ids.length === 0 ? 0 : max - min + 1;
  // Ids of one association lie close unless others were registered in between.
  if (span <= 4 * ids.length + 1024) {
    const at = new Int32Array(span).fill(-1);
    for (let r = 0; r < ids.length; r++) at[ids[r]! - min] = r;
    return { size: ids.length, bytes: order.byteLength + at.byteLength, idAt, rankOf: (id) => (id >= min && id <= max ? at[id - min]! : -1) };
  }
  const at = new Map<number, number>();
  for (let r = 0; r < ids.length; r++) at.set(ids[r]!, r);
  // A map entry of two small integers takes about 64 bytes in V8.
  return { size: ids.length, bytes: order.byteLength + 64 * ids.length, idAt, rankOf: (id) => at.get(id) ?? -1 };
}

/** The `want` ids of `ids` first A–Ö, in that order; ids without a place are left out. */
export function firstByRank(ranks: NameRanks, ids: readonly number[], want: number, skip: ReadonlySet<number> = new Set()): number[] {
  // Places in a typed array sort as numbers, with no comparator called per pair of objects.
  const places = new Int32Array(ids.length);
  let n = 0;
  for (const id of ids) {
    const r = ranks.rankOf(id);
    if (r >= 0 && !skip.has(id)) places[n++] = r;
  }
  const first = places.subarray(0, n).sort().subarray(0, want);
  return Array.from(first, (r) => ranks.idAt(r));
}

interface Held {
  version: string;
  /** null: the association is too large to place (remembered, so it is not read again for nothing). */
  ranks: NameRanks | null;
}

const held = new WeakMap<object, Map<number, Held>>();

/** The ranks kept for the association at `version`, if any (nothing is read). */
export function keptRanks(db: Db, tenantId: number, version: string | null): NameRanks | undefined {
  const h = version === null ? undefined : held.get(db)?.get(tenantId);
  return h?.version === version ? (h.ranks ?? undefined) : undefined;
}

/**
 * The association's ranks at `version`, read when not kept; null when the version is unknown
 * or the association is too large to keep them. SQLite only (repo.listedIdsByName).
 */
export async function nameRanks(db: Db, tenantId: number, version: string | null): Promise<NameRanks | null> {
  if (version === null) return null;
  let byTenant = held.get(db);
  const kept = byTenant?.get(tenantId);
  if (byTenant && kept?.version === version) {
    byTenant.delete(tenantId);
    byTenant.set(tenantId, kept);
    return kept.ranks;
  }
  const ids = await repo.listedIdsByName(db, tenantId, NAME_RANK_LIMITS.perTenant + 1);
  const ranks = ids.length > NAME_RANK_LIMITS.perTenant ? null : ranksOf(ids);
  if (!byTenant) held.set(db, (byTenant = new Map()));
  byTenant.delete(tenantId);
  byTenant.set(tenantId, { version, ranks });
  // Least recently read associations out first.
  let total = 0;
  for (const h of byTenant.values()) total += h.ranks?.bytes ?? 0;
  for (const [t, h] of byTenant) {
    if (total <= NAME_RANK_LIMITS.bytes || t === tenantId) break;
    byTenant.delete(t);
    total -= h.ranks?.bytes ?? 0;
  }
  return ranks;
}
