import { describe, expect, it } from 'vitest';
import { filterKey, guardHolds, LIST_CACHE_LIMITS, ListCache, type Guard } from './list-cache';

describe('ListCache', () => {
  it('answers only for the version an entry was kept under, and forgets older versions', () => {
    const c = new ListCache();
    c.set(1, 'v1', 'a', 'eka');
    expect(c.get(1, 'v1', 'a')).toBe('eka');
    expect(c.get(1, 'v2', 'a')).toBeUndefined();
    c.set(1, 'v2', 'b', 'toka');
    expect(c.get(1, 'v1', 'a')).toBeUndefined();
    expect(c.size(1)).toBe(1);
  });

  it('takes the same answer twice, as two requests that both missed it give it', () => {
    const c = new ListCache();
    c.set(1, 'v1', 'a', 'eka');
    c.set(1, 'v1', 'a', 'toka');
    expect(c.get(1, 'v1', 'a')).toBe('toka');
    expect(c.size(1)).toBe(1);
    c.set(1, 'v2', 'b', 'uusi');
    expect(c.get(1, 'v1', 'a')).toBeUndefined();
    expect(c.size(1)).toBe(1);
  });

  it('keeps associations apart', () => {
    const c = new ListCache();
    c.set(1, 'v1', 'a', 'yksi');
    c.set(2, 'v1', 'a', 'kaksi');
    expect(c.get(1, 'v1', 'a')).toBe('yksi');
    expect(c.get(2, 'v1', 'a')).toBe('kaksi');
  });

  it("holds at most the association's share of rows, its least recently used out first", () => {
    const c = new ListCache();
    const w = LIST_CACHE_LIMITS.tenantRows / 4;
    for (const k of ['a', 'b', 'c', 'd']) c.set(1, 'v', k, k, w);
    expect(c.get(1, 'v', 'a')).toBe('a'); // a is now the most recently used
    c.set(1, 'v', 'e', 'e', w);
    expect(c.get(1, 'v', 'b')).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((k) => c.get(1, 'v', k))).toEqual(['a', 'c', 'd', 'e']);
    // Too big to hold at all.
    c.set(1, 'v', 'huge', 'x', LIST_CACHE_LIMITS.tenantRows + 1);
    expect(c.get(1, 'v', 'huge')).toBeUndefined();
  });

  it('holds at most its rows in all, so many associations cannot grow it without end', () => {
    const c = new ListCache();
    const tenants = LIST_CACHE_LIMITS.rows / 1000 + 5;
    for (let t = 1; t <= tenants; t++) c.set(t, 'v', 'sivu', t, 1000);
    let held = 0;
    for (let t = 1; t <= tenants; t++) held += c.size(t);
    expect(held).toBe(LIST_CACHE_LIMITS.rows / 1000);
    expect(c.get(1, 'v', 'sivu')).toBeUndefined();
    expect(c.get(tenants, 'v', 'sivu')).toBe(tenants);
  });

  it("keys a filter by what its SQL depends on, not the editor's ids", () => {
    expect(filterKey([{ field: 'address_city', verb: 'eq', value: 'Oulu', id: 'x1' }])).toEqual(filterKey([{ field: 'address_city', verb: 'eq', value: 'Oulu', id: 'y2' }]));
    expect(filterKey([{ field: 'address_city', verb: 'eq', value: 'Oulu' }])).not.toEqual(filterKey([{ field: 'address_city', verb: 'eq', value: 'Ouluu' }]));
  });

  it('keeps a guarded entry of an older version aside until it is checked and carried, and drops the rest', () => {
    const c = new ListCache();
    const guard: Guard = { holds: async () => true };
    c.set(1, 'v1', 'sivu', 'vanha', 1, guard, 'm1');
    c.set(1, 'v1', 'muu', 'ilman');
    c.set(1, 'v2', 'uusi', 'x');
    // Never served as it is: only through stale() and carry().
    expect(c.get(1, 'v2', 'sivu')).toBeUndefined();
    expect(c.get(1, 'v2', 'muu')).toBeUndefined();
    expect(c.stale(1, 'v2', 'muu')).toBeUndefined();
    expect(c.stale(1, 'v2', 'sivu')?.value).toBe('vanha');
    c.carry(1, 'v2', 'sivu');
    expect(c.get(1, 'v2', 'sivu')).toBe('vanha');
    expect(c.stale(1, 'v2', 'sivu')).toBeUndefined();
    c.forget(1, 'sivu');
    expect(c.size(1)).toBe(1);
  });
});

describe('guardHolds', () => {
  const seen: (readonly number[])[] = [];
  const guard: Guard = {
    holds: async (changed) => {
      seen.push(changed);
      return !changed.includes(11);
    },
  };

  it('holds for a step that wrote no member without asking, fails for an unknown step, and asks the guard otherwise', async () => {
    expect(await guardHolds(guard, [])).toBe(true);
    expect(await guardHolds(guard, null)).toBe(false);
    expect(seen).toEqual([]);
    expect(await guardHolds(guard, [12, 13])).toBe(true);
    expect(await guardHolds(guard, [12, 11])).toBe(false);
    expect(seen).toEqual([[12, 13], [12, 11]]);
  });
});
