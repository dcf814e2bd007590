import { describe, expect, it } from 'vitest';
import type { Field } from '../../../shared/fields/types';
import type { MemberModel } from './model';
import { searchModelKey } from './search-text';

// The key a bulk edit's pins keep beside the search texts (search-text.ts searchModelKey):
// the same while what texts are made of is the same, another when a searched field changes.

const field = (id: number, type: string, options: { value: string; label: string }[] = []) => ({ id, type, options }) as unknown as Field;
const model = (custom: Field[]) => ({ custom }) as unknown as MemberModel;

describe('searchModelKey', () => {
  const base = [field(1, 'text'), field(2, 'dropdown', [{ value: 'a', label: 'Aikuinen' }]), field(3, 'date')];

  it('is the same for the same searched fields, whatever else the model holds', () => {
    expect(searchModelKey(model(base))).toBe(searchModelKey(model([...base])));
    // A date is not part of the texts.
    expect(searchModelKey(model(base.slice(0, 2)))).toBe(searchModelKey(model(base)));
    expect(Number.isSafeInteger(searchModelKey(model(base)))).toBe(true);
  });

  it('changes with a searched field added, removed, reordered, retyped or relabelled', () => {
    const key = searchModelKey(model(base));
    for (const other of [
      [...base, field(4, 'text')],
      [base[1]!, base[2]!],
      [base[1]!, base[0]!, base[2]!],
      [field(1, 'email'), base[1]!, base[2]!],
      [base[0]!, field(2, 'dropdown', [{ value: 'a', label: 'Aikuinen jäsen' }]), base[2]!],
    ])
      expect(searchModelKey(model(other))).not.toBe(key);
  });
});
