import type { Db, Dialect } from '../../db/kysely';
import type { Deps } from '../../deps';
import { loadModel, type MemberModel } from './model';
import { listVersions } from '../../db/listVersions';
import { FILTER_OR, type Condition, type Filter } from '../../../shared/filter/types';

// Member list answers cached per association and list version (db/listVersions.ts): a
// write to anything a list reads bumps the version, so an entry is never served after one.
// In this process only: another process has its own, and both read the version from the
// database. Bounded by the rows held, per association and in all, least recently used out
// first, so one association's many filters cannot crowd out the others nor the memory.

/** Weight = rows held (a count weighs 1). Worst case about LIST_CACHE_LIMITS.rows rows of a page in memory. */
export const LIST_CACHE_LIMITS = { tenantRows: 2_000, rows: 50_000 };

/**
 * What lets an entry outlive a write: told the members a later step wrote
 * (Versions.changedSince), it says whether the entry still holds. A list depends on its own
 * members' rows only (filter-sql.ts reads no other member), so it holds when each written member
 * is as it was for the list: outside the scope before and now, or inside with the same place
 * (list-answers.ts).
 */
export interface Guard {
  holds(changed: readonly number[]): Promise<boolean>;
}

interface Entry {
  tenantId: number;
  version: string;
  weight: number;
  value: unknown;
  guard?: Guard;
  /** The field model's version it was computed with. */
  model?: string | null;
}

interface TenantState {
  version: string;
  keys: Set<string>;
  weight: number;
}

export class ListCache {
  /** Every association's entries, least recently used first (a Map keeps insertion order). */
  private readonly entries = new Map<string, Entry>();
  private readonly tenants = new Map<number, TenantState>();
  private weight = 0;

  get<T>(tenantId: number, version: string, key: string): T | undefined {
    const full = `${tenantId}\n${key}`;
    const e = this.entries.get(full);
    if (!e) return undefined;
    if (e.version !== version) {
      // A guarded entry waits for its check (stale); any other is of no more use.
      if (!e.guard) this.drop(full);
      return undefined;
    }
    this.touch(full, e);
    return e.value as T;
  }

  /** An entry of an older version that has a guard, to be checked before it is carried on. */
  stale(tenantId: number, version: string, key: string): Readonly<Entry> | undefined {
    const e = this.entries.get(`${tenantId}\n${key}`);
    return e && e.version !== version && e.guard ? e : undefined;
  }

  /** A checked stale entry now holds at `version`. */
  carry(tenantId: number, version: string, key: string): void {
    const full = `${tenantId}\n${key}`;
    const e = this.entries.get(full);
    if (!e) return;
    e.version = version;
    this.touch(full, e);
  }

  /** Forgets an entry (a stale one whose guard failed). */
  forget(tenantId: number, key: string): void {
    this.drop(`${tenantId}\n${key}`);
  }

  private touch(full: string, e: Entry): void {
    this.entries.delete(full);
    this.entries.set(full, e);
    const keys = this.tenants.get(e.tenantId)!.keys;
    keys.delete(full);
    keys.add(full);
  }

  set(tenantId: number, version: string, key: string, value: unknown, weight = 1, guard?: Guard, model?: string | null): void {
    if (weight > LIST_CACHE_LIMITS.tenantRows) return;
    const full = `${tenantId}\n${key}`;
    // Before the association's state is looked up: dropping its only entry drops the state too
    // (two requests that both missed and computed the same answer set it twice).
    this.drop(full);
    let t = this.tenants.get(tenantId);
    if (t && t.version !== version) {
      // A new version makes the association's older entries useless, but for those a guard may carry on.
      for (const k of [...t.keys]) if (!this.entries.get(k)!.guard) this.drop(k);
      t = this.tenants.get(tenantId);
      if (t) t.version = version;
    }
    if (!t) this.tenants.set(tenantId, (t = { version, keys: new Set(), weight: 0 }));
    this.entries.set(full, { tenantId, version, weight, value, guard, model });
    t.keys.add(full);
    t.weight += weight;
    this.weight += weight;
    // One association's many filters push out its own entries first, then the least recently used of all.
    while (t.weight > LIST_CACHE_LIMITS.tenantRows) this.drop(t.keys.values().next().value!);
    while (this.weight > LIST_CACHE_LIMITS.rows) this.drop(this.entries.keys().next().value!);
  }

  private drop(full: string): void {
    const e = this.entries.get(full);
    if (!e) return;
    this.entries.delete(full);
    this.weight -= e.weight;
    const t = this.tenants.get(e.tenantId)!;
    t.keys.delete(full);
    t.weight -= e.weight;
    if (t.keys.size === 0) this.tenants.delete(e.tenantId);
  }

  /** Entries held for an association (tests). */
  size(tenantId: number): number {
    return this.tenants.get(tenantId)?.keys.size ?? 0;
  }
}

const caches = new WeakMap<object, ListCache>();

/** The cache of one database handle (tests open many databases in one process). */
export function listCacheOf(db: Db): ListCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new ListCache()));
  return c;
}

/** A filter's identity for caching: what its SQL depends on (editor ids and locks left out). */
export function filterKey(filter: Filter): unknown[] {
  return filter.map((c: Condition) => [c.field, c.verb, Array.isArray(c.value) && c.field === FILTER_OR ? filterKey(c.value as Filter) : (c.value ?? null)]);
}

/** An answer to keep: its value and, when it depends on a scope's members only, their guard. */
export interface Kept<T> {
  value: T;
  guard?: Guard;
}

/** An association's cache at the list version read when it was opened (nothing is kept when the version is unknown). */
export interface Cached {
  /** The list version it was opened at (null: unknown). */
  version: string | null;
  /** The field model's version read with it (null: unknown). */
  modelVersion: string | null;
  /** The members written since an older list version (db/listVersions.ts Versions.changedSince); null: unknown. */
  changedSince(from: string): readonly number[] | null;
  /** The value kept for key at this version, or carried on from an older one whose guard holds. */
  get<T>(key: unknown): Promise<T | undefined>;
  set(key: unknown, value: unknown, weight?: number, guard?: Guard): void;
  /** Cached value of key, else computed and kept, weighing `weight(value)` rows (1 by default). */
  through<T>(key: unknown, compute: () => Promise<T>, weight?: (value: T) => number): Promise<T>;
  /** As through, for answers that may bring a guard. */
  guarded<T>(key: unknown, compute: () => Promise<Kept<T>>, weight?: (value: T) => number): Promise<T>;
}

/** Opens the association's cache at its current version (one small read). */
export async function openCached(db: Db, dialect: Dialect, tenantId: number): Promise<Cached> {
  const versions = await listVersions(db, dialect, tenantId);
  const version = versions?.list ?? null;
  const modelVersion = versions?.model ?? null;
  const cache = listCacheOf(db);
  const k = (key: unknown) => JSON.stringify(key);
  // One list of written members per older version, so that guards checking the same step can
  // tell it is the same (list-answers.ts: each asks the database once per step).
  const steps = new Map<string, readonly number[] | null>();
  const changedSince = (from: string): readonly number[] | null => {
    if (!versions) return null;
    if (!steps.has(from)) steps.set(from, versions.changedSince(from));
    return steps.get(from)!;
  };
  const holds = (guard: Guard, from: string): Promise<boolean> => guardHolds(guard, changedSince(from));
  const get = async <T>(key: unknown): Promise<T | undefined> => {
    if (version === null) return undefined;
    const hit = cache.get<T>(tenantId, version, k(key));
    if (hit !== undefined) return hit;
    const old = cache.stale(tenantId, version, k(key));
    if (!old || old.model !== modelVersion) return undefined;
    if (!(await holds(old.guard!, old.version))) {
      cache.forget(tenantId, k(key));
      return undefined;
    }
    cache.carry(tenantId, version, k(key));
    return old.value as T;
  };
  const set = (key: unknown, value: unknown, weight?: number, guard?: Guard) => {
    if (version !== null) cache.set(tenantId, version, k(key), value, weight, guard, modelVersion);
  };
  const guarded = async <T>(key: unknown, compute: () => Promise<Kept<T>>, weight?: (value: T) => number): Promise<T> => {
    const hit = await get<T>(key);
    if (hit !== undefined) return hit;
    const kept = await compute();
    set(key, kept.value, weight?.(kept.value), kept.guard);
    return kept.value;
  };
  return {
    version,
    modelVersion,
    changedSince,
    get,
    set,
    guarded,
    through: (key, compute, weight) => guarded(key, async () => ({ value: await compute() }), weight),
  };
}

/** Whether an entry guarded by `guard` holds after a step that wrote `changed` (null: unknown). */
export async function guardHolds(guard: Guard, changed: readonly number[] | null): Promise<boolean> {
  if (changed === null) return false;
  return changed.length === 0 || guard.holds(changed);
}

/** What a list's members depend on: filter and scope. */
export function scopeKey(scope: { filter: Filter; deleted: boolean; pending: boolean }): unknown[] {
  return [filterKey(scope.filter), scope.deleted, scope.pending];
}

/** Field models kept per database handle and association, at most this many associations each. */
export const MODEL_CACHE_TENANTS = 500;
const models = new WeakMap<object, Map<number, { version: string; model: MemberModel }>>();

/**
 * The association's field model, read once per model version: a saved member changes the list
 * version, not the model, so the list's next read skips the fields, groups and settings.
 * Least recently used associations out first.
 */
export async function cachedModel(cached: Cached, deps: Pick<Deps, 'db'>, tenantId: number): Promise<MemberModel> {
  const version = cached.modelVersion;
  if (version === null) return loadModel(deps.db, tenantId);
  let byTenant = models.get(deps.db);
  if (!byTenant) models.set(deps.db, (byTenant = new Map()));
  const hit = byTenant.get(tenantId);
  byTenant.delete(tenantId);
  if (hit?.version === version) {
    byTenant.set(tenantId, hit);
    return hit.model;
  }
  const model = await loadModel(deps.db, tenantId);
  byTenant.set(tenantId, { version, model });
  while (byTenant.size > MODEL_CACHE_TENANTS) byTenant.delete(byTenant.keys().next().value!);
  return model;
}
