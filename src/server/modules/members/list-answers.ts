import type { Cached, Guard, Kept } from './list-cache';
import { filterKey, scopeKey } from './list-cache';
import * as list from './list-repo';
import type { ListCounts, ListCtx, PageOpts, Scope } from './list-repo';

// The member list's answers that the cache can carry past writes to other members
// (list-cache.ts, Guard): a filtered scope of at most list.GUARD_IDS members is read as its
// ids, in order for a page, and those ids count it, page it and guard the answer. A larger
// scope, or everyone, is paged and counted in SQL as before, and its answer lasts until the
// next write.

/** What an answer depends on of a member in its scope, as text: equal texts, equal answers. */
type Place = (r: list.MatchedNow) => string;
/** A count: whether the member is in the scope. */
const IN_SCOPE: Place = () => '';
/** Counts by state: also whether it is pending and active. */
const STATE = (r: list.MatchedState): string => `${r.pending}:${r.active}`;

/**
 * A guard over a scope's members. `before` holds every member the scope matched with its place
 * (null for all: a member in the scope cannot be told to keep its place, as in an order by
 * other than names). It holds when each written member is where it was: outside the scope
 * before and now, or inside with the same place.
 */
export function scopeGuard(ctx: ListCtx, scope: Scope, before: ReadonlyMap<number, string | null>, place: Place | null, opts: { pendingToo?: boolean } = {}): Guard {
  // The answers of one scope share this guard, and a request checks one step for several of
  // them (a page, its order, its counts): the step's list is the same object (openCached).
  const checked = new WeakMap<readonly number[], Promise<boolean>>();
  const check = async (changed: readonly number[]) => {
    if (!place && changed.some((id) => before.has(id))) return false;
    const now = new Map((await list.matchingNow(ctx, scope, changed, opts)).map((r) => [r.id, place ? place(r) : null]));
    return changed.every((id) => before.get(id) === now.get(id));
  };
  return {
    holds(changed) {
      let p = checked.get(changed);
      if (!p) checked.set(changed, (p = check(changed)));
      return p;
    },
  };
}

/** A guard for an answer that also shows these members' rows: any of them written, it is read again. */
export function showing(guard: Guard, shown: readonly number[]): Guard {
  const ids = new Set(shown);
  return { holds: async (changed) => !changed.some((id) => ids.has(id)) && guard.holds(changed) };
}

/** A guard for an answer that read two scopes. */
export function bothGuards(a: Guard, b: Guard): Guard {
  return { holds: async (changed) => (await Promise.all([a.holds(changed), b.holds(changed)])).every(Boolean) };
}

/** Held members (an id and its place) weigh this many to a row in the cache's limits. */
const IDS_PER_ROW = 5;

// The last size seen of a scope, whatever the version: whether reading it as ids is worth it.
const SIZE_HINTS = 5_000;
const sizes = new WeakMap<object, Map<string, number>>();

function hintOf(ctx: ListCtx): Map<string, number> {
  let m = sizes.get(ctx.db);
  if (!m) sizes.set(ctx.db, (m = new Map()));
  return m;
}

const sizeKey = (ctx: ListCtx, scope: Scope) => `${ctx.tenantId}\n${JSON.stringify(filterKey(scope.filter))}\n${String(scope.deleted)}`;

function noteSize(ctx: ListCtx, key: string, n: number): void {
  const m = hintOf(ctx);
  m.delete(key);
  m.set(key, n);
  if (m.size > SIZE_HINTS) m.delete(m.keys().next().value!);
}

interface Ordered {
  ids: number[];
  guard: Guard;
}

export interface GuardedPage {
  ids: number[];
  total: number;
  guard?: Guard;
}

/**
 * A page of the scope and the number matching. A filtered scope known to be small is read whole
 * in order (one query where a page and its count were two) and kept with its guard, so its other
 * pages and the next answers after a write elsewhere cost no query. The first look at a filter
 * pages and counts it in SQL, which tells its size.
 */
export async function guardedPage(cached: Cached, ctx: ListCtx, scope: Scope, page: PageOpts): Promise<GuardedPage> {
  const sk = scopeKey(scope);
  const hintKey = sizeKey(ctx, scope);
  if (scope.filter.length > 0 && page.limit <= list.BIG_PAGE) {
    const orderKey = ['order', sk, page.sort.field, page.sort.dir];
    let order = await cached.get<Ordered>(orderKey);
    if (!order && (hintOf(ctx).get(hintKey) ?? Infinity) <= list.GUARD_IDS) {
      const members = await list.orderedMembers(ctx, scope, page.sort);
      if (members) {
        // Sorted by name, a member whose names stay keeps its place; by another column, any write to one in the list reads it again.
        const byName = members.length === 0 || members[0]!.key !== null;
        const guard = scopeGuard(ctx, scope, new Map(members.map((m) => [m.id, m.key])), byName ? list.nameKey : null);
        order = { ids: members.map((m) => m.id), guard };
        cached.set(orderKey, order, Math.ceil(members.length / IDS_PER_ROW) || 1, guard);
      }
    }
    if (order) {
      noteSize(ctx, hintKey, order.ids.length);
      const ids = order.ids.slice(page.offset, page.offset + page.limit);
      return { ids, total: order.ids.length, guard: showing(order.guard, ids) };
    }
  }
  // The pages of one filter share its count.
  const countKey = ['count', sk];
  const r = await list.pageIdsWithTotal(ctx, scope, page, await cached.get<number>(countKey));
  cached.set(countKey, r.total);
  noteSize(ctx, hintKey, r.total);
  return r;
}

/** The pending applications matching the filter, guarded when few (most registers have none). */
export async function guardedApplications(cached: Cached, ctx: ListCtx, filter: Scope['filter']): Promise<{ count: number; guard?: Guard }> {
  const key = ['applications', filterKey(filter)];
  const hit = await cached.get<{ count: number; guard?: Guard }>(key);
  if (hit) return hit;
  const scope: Scope = { filter, deleted: false, pending: true };
  const states = (await list.hasApplications(ctx)) ? await list.matchedStates(ctx, scope) : [];
  const value = states ? { count: states.length, guard: scopeGuard(ctx, scope, new Map(states.map((s) => [s.id, ''])), IN_SCOPE) } : { count: await list.countApplications(ctx, filter) };
  cached.set(key, value, 1, value.guard);
  return value;
}

/** The scope's counts (members, active, applications), guarded when a filter keeps few. */
export async function guardedStats(ctx: ListCtx, scope: Scope): Promise<Kept<ListCounts>> {
  // A filter last seen keeping many is counted in SQL straight away.
  const small = scope.filter.length > 0 && (hintOf(ctx).get(sizeKey(ctx, scope)) ?? 0) <= list.GUARD_IDS;
  const states = small ? await list.matchedStates(ctx, scope, { pendingToo: true }) : null;
  if (!states) {
    const value = await list.stats(ctx, scope);
    if (scope.filter.length > 0) noteSize(ctx, sizeKey(ctx, scope), value.members + value.applications);
    return { value };
  }
  return { value: list.countByState(states, scope), guard: scopeGuard(ctx, scope, new Map(states.map((s) => [s.id, STATE(s)])), STATE, { pendingToo: true }) };
}
