import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createReference, formatReference, isValidReference } from './reference';

// Published references: Finanssiala's reference guide (123456 → 1234561) and
// the nine invoices of "Pankkiviivakoodi-opas" v5.3.
const PUBLISHED = [
  '1234561',
  '86851 62596 19897',
  '55958 22432 94671',
  '69 87567 20834 35364',
  '7 75847 47906 47489',
  '78 77767 96566 28687',
  '8 68624',
  '92125 37425 25398 97737',
  '5907 38390',
  '13 57914',
];

describe('createReference', () => {
  it('appends the 7-3-1 check digit', () => {
    expect(createReference('123456')).toBe('1234561');
    expect(createReference('86851 62596 1989')).toBe('868516259619897');
    expect(createReference('868 62')).toBe('868624');
    expect(createReference('135791')).toBe('1357914');
  });

  it('accepts bases of 3 to 19 digits only', () => {
    expect(createReference('100')).toHaveLength(4);
    expect(createReference('1'.repeat(19))).toHaveLength(20);
    expect(() => createReference('12')).toThrow(RangeError);
    expect(() => createReference('1'.repeat(20))).toThrow(RangeError);
    expect(() => createReference('12a45')).toThrow(RangeError);
    expect(() => createReference('')).toThrow(RangeError);
  });

  it('gives references that validate (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3,19}$/), (base) => {
        expect(isValidReference(createReference(base))).toBe(true);
      }),
    );
  });
});

describe('isValidReference', () => {
  it.each(PUBLISHED)('accepts the published reference %s', (ref) => {
    expect(isValidReference(ref)).toBe(true);
  });

  it('rejects wrong check digits, lengths and characters', () => {
    expect(isValidReference('1234562')).toBe(false);
    expect(isValidReference('123')).toBe(false);
    expect(isValidReference('1'.repeat(21))).toBe(false);
    expect(isValidReference('12345a1')).toBe(false);
    expect(isValidReference('RF332348236')).toBe(false);
    expect(isValidReference('')).toBe(false);
  });

  it('is invalidated by changing any one digit (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{3,19}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const ref = createReference(base);
          const index = position % ref.length;
          const changed = (Number(ref[index]) + delta) % 10;
          const mutated = ref.slice(0, index) + String(changed) + ref.slice(index + 1);
          expect(isValidReference(mutated)).toBe(false);
        },
      ),
    );
  });
});

describe('formatReference', () => {
  it('groups digits in fives from the right', () => {
    expect(formatReference('1234561')).toBe('12 34561');
    expect(formatReference('868516259619897')).toBe('86851 62596 19897');
    expect(formatReference('92125374252539897737')).toBe('92125 37425 25398 97737');
    expect(formatReference('1357914')).toBe('13 57914');
    expect(formatReference('12345')).toBe('12345');
    expect(formatReference(' 1234 561 ')).toBe('12 34561');
    expect(formatReference('')).toBe('');
  });
});
