import { describe, expect, it } from 'vitest';
import type { Filter } from '../../../shared/filter/types';
import { matchingSaved, meaningKey } from './savedFilterModel';

describe('saved filter matching', () => {
  const juniors: Filter = [{ field: 'birthyear', verb: 'gt', value: 2008 }];
  const saved = [
    { id: 1, name: 'Juniorit', filter: juniors },
    { id: 2, name: 'Maksamatta', filter: [{ field: 'paid', verb: 'unchecked' }] as Filter },
  ];

  it('finds the saved filter the filter in force means, ignoring row ids and locks', () => {
    expect(matchingSaved(saved, [{ field: 'birthyear', verb: 'gt', value: 2008, id: 'r1', locked: true }])?.name).toBe('Juniorit');
    expect(matchingSaved(saved, [{ field: 'paid', verb: 'unchecked', value: 'ignored' }])?.name).toBe('Maksamatta');
  });

  it('finds none for another filter or for no filter', () => {
    expect(matchingSaved(saved, [{ field: 'birthyear', verb: 'gt', value: 2009 }])).toBeUndefined();
    expect(matchingSaved([{ id: 3, name: 'Kaikki', filter: [] }], [])).toBeUndefined();
  });

  it('compares OR groups by their conditions', () => {
    const or = (id: string): Filter => [{ field: 'FILTER_OR', verb: 'or', id, value: [{ field: 'a', verb: 'empty', id: `${id}x` }] }];
    expect(meaningKey(or('1'))).toBe(meaningKey(or('2')));
  });
});
