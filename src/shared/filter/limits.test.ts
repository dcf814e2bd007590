import { describe, expect, it } from 'vitest';
import { countConditions, filterLimitError } from './limits';

const c = (i: number) => ({ field: 'lastname', verb: 'contains', value: `v${i}` });
const or = (n: number) => ({ field: 'FILTER_OR', verb: 'or', value: Array.from({ length: n }, (_, i) => c(i)) });

describe('filter limits', () => {
  it('counts conditions, OR-groups and the conditions inside them', () => {
    expect(countConditions([c(1), or(3)])).toBe(5);
    expect(filterLimitError([...Array.from({ length: 45 }, (_, i) => c(i)), or(4)])).toBeNull(); // 50
    expect(filterLimitError([...Array.from({ length: 46 }, (_, i) => c(i)), or(4)])).toBe('filter_too_many_conditions'); // 51
    expect(filterLimitError(Array.from({ length: 10_000 }, (_, i) => c(i)))).toBe('filter_too_many_conditions');
  });

  it('caps value lengths and nesting, and leaves dates of "between" alone', () => {
    expect(filterLimitError([{ field: 'x', verb: 'eq', value: 'a'.repeat(501) }])).toBe('filter_value_too_long');
    expect(filterLimitError([{ field: 'syntymapaiva', verb: 'between', value: ['1.1.1990', '31.12.1999'] }])).toBeNull();
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(filterLimitError(deep)).toBe('filter_too_deep');
    expect(filterLimitError(undefined)).toBeNull();
  });
});
