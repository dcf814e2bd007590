import { describe, expect, it } from 'vitest';
import { filterFromParam, filterToParam, normalizeFilter } from './normalize';

describe('normalizeFilter', () => {
  it('drops empty values, keeps trimmed ones', () => {
    expect(
      normalizeFilter([
        { field: 'lastname', verb: 'contains', value: '  ' },
        { field: 'lastname', verb: 'contains', value: ' Virta ' },
        { field: 'city', verb: 'eq', value: null },
      ]),
    ).toEqual([{ field: 'lastname', verb: 'contains', value: 'Virta' }]);
  });

  it('drops the value of unary verbs', () => {
    expect(normalizeFilter([{ field: 'email', verb: 'empty', value: 'x' }])).toEqual([{ field: 'email', verb: 'empty' }]);
    expect(normalizeFilter([{ field: 'kuoro', verb: 'in_group', value: true, locked: true }])).toEqual([{ field: 'kuoro', verb: 'in_group', locked: true }]);
  });

  it('drops invalid and null dates, reads Finnish dates, orders between', () => {
    expect(normalizeFilter([{ field: 'd', verb: 'before', value: '31.2.2024' }])).toEqual([]);
    expect(normalizeFilter([{ field: 'd', verb: 'after', value: null }])).toEqual([]);
    expect(normalizeFilter([{ field: 'd', verb: 'after', value: '1.1.1900' }])).toEqual([]);
    expect(normalizeFilter([{ field: 'd', verb: 'after', value: '5.3.2026' }])).toEqual([{ field: 'd', verb: 'after', value: '2026-03-05' }]);
    expect(normalizeFilter([{ field: 'd', verb: 'between', value: ['2026-12-31', '1.1.2026'] }])).toEqual([
      { field: 'd', verb: 'between', value: ['2026-01-01', '2026-12-31'] },
    ]);
    expect(normalizeFilter([{ field: 'd', verb: 'between', value: ['2026-01-01'] }])).toEqual([]);
  });

  it('normalises inside FILTER_OR and drops empty or nested ORs', () => {
    expect(
      normalizeFilter([
        { field: 'FILTER_OR', verb: 'or', value: [{ field: 'a', verb: 'eq', value: '' }] },
        {
          field: 'FILTER_OR',
          verb: 'or',
          value: [
            { field: 'a', verb: 'eq', value: 'x' },
            { field: 'FILTER_OR', verb: 'or', value: [{ field: 'b', verb: 'eq', value: 'y' }] },
            { field: 'b', verb: 'empty', value: 1 },
          ],
        },
      ]),
    ).toEqual([{ field: 'FILTER_OR', verb: 'or', value: [{ field: 'a', verb: 'eq', value: 'x' }, { field: 'b', verb: 'empty' }] }]);
  });

  it('ignores garbage', () => {
    expect(normalizeFilter('x')).toEqual([]);
    expect(normalizeFilter([null, { field: 'a', verb: 'explode', value: 1 }, { verb: 'eq', value: 1 }, { field: 'a', verb: 'eq', value: { x: 1 } }])).toEqual([]);
  });

  it('round-trips through a URL parameter', () => {
    const f = [{ field: 'lastname', verb: 'starts' as const, value: 'Mä' }];
    expect(filterFromParam(filterToParam(f))).toEqual(f);
    expect(filterFromParam('%7Bbroken')).toEqual([]);
  });
});
