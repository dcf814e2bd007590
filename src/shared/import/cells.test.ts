import { describe, expect, it } from 'vitest';
import { fieldCellInput, groupCellValue } from './cells';

describe('groupCellValue', () => {
  it('reads yes, no, empty and nonsense', () => {
    expect(['x', 'Kyllä', ' 1 ', 'TRUE', 'ja'].map(groupCellValue)).toEqual([true, true, true, true, true]);
    expect(['ei', '0', 'False', 'nej'].map(groupCellValue)).toEqual([false, false, false, false]);
    expect(groupCellValue('  ')).toBeNull();
    expect(groupCellValue('🎉')).toBeUndefined();
  });
});

describe('fieldCellInput (the export reads back)', () => {
  const dropdown = { type: 'dropdown' as const, options: [{ value: 'a', label: 'Aikuinen' }, { value: 'k', label: 'Kunniajäsen' }] };
  it('reads dropdown values and labels in any case, and leaves the rest to the parser', () => {
    expect(['a', 'A', 'Aikuinen', ' kunniajäsen ', 'KUNNIAJÄSEN', ''].map((raw) => fieldCellInput(dropdown, raw))).toEqual(['a', 'a', 'a', 'k', 'k', '']);
    expect(fieldCellInput(dropdown, 'Lapsi')).toBe('Lapsi');
  });
  it('reads checkbox yes/no words like group columns', () => {
    const checkbox = { type: 'checkbox' as const, options: [] };
    expect(['Kyllä', 'yes', 'x', '1', 'TRUE'].map((raw) => fieldCellInput(checkbox, raw))).toEqual([true, true, true, true, true]);
    expect(['Ei', 'no', '0', 'false'].map((raw) => fieldCellInput(checkbox, raw))).toEqual([false, false, false, false]);
    expect(fieldCellInput(checkbox, ' ')).toBe('');
    expect(fieldCellInput(checkbox, 'ehkä')).toBe('ehkä');
  });
  it('passes other types through', () => {
    expect(fieldCellInput({ type: 'text', options: [] }, ' Ei ')).toBe(' Ei ');
  });
});
