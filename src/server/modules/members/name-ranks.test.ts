import { describe, expect, it } from 'vitest';
import { firstByRank, ranksOf } from './name-ranks';

describe('ranksOf and firstByRank', () => {
  it('places ids lying close and ids far apart alike', () => {
    for (const ids of [[12, 10, 11, 15], [12, 10, 5_000_000, 15]]) {
      const ranks = ranksOf(ids);
      expect(ranks.size).toBe(4);
      // Close ids: the places as an array over their span; far apart: a map.
      expect(ranks.bytes).toBe(ids[2] === 11 ? 4 * 4 + 6 * 4 : 4 * 4 + 64 * 4);
      expect(ids.map((id) => ranks.rankOf(id))).toEqual([0, 1, 2, 3]);
      for (const id of [9, 13, 14, 16, 4_999_999, -1]) expect(ranks.rankOf(id)).toBe(-1);
    }
    expect(ranksOf([]).rankOf(0)).toBe(-1);
  });

  it('gives the first ids by place, leaving out those without one and those skipped', () => {
    const ranks = ranksOf([30, 10, 20, 40, 50]);
    expect(firstByRank(ranks, [50, 99, 20, 40, 10], 3)).toEqual([10, 20, 40]);
    expect(firstByRank(ranks, [50, 99, 20, 40, 10], 3, new Set([10]))).toEqual([20, 40, 50]);
    expect(firstByRank(ranks, [99], 3)).toEqual([]);
  });
});
