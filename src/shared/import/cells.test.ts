import { describe, expect, it } from 'vitest';
import { groupCellValue } from './cells';

describe('groupCellValue', () => {
  it('reads yes, no, empty and nonsense', () => {
    expect(['x', 'Kyllä', ' 1 ', 'TRUE', 'ja'].map(groupCellValue)).toEqual([true, true, true, true, true]);
    expect(['ei', '0', 'False', 'nej'].map(groupCellValue)).toEqual([false, false, false, false]);
    expect(groupCellValue('  ')).toBeNull();
    expect(groupCellValue('🎉')).toBeUndefined();
  });
});
