import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createReference } from './reference';
import { createRfReference, formatRfReference, isValidRfReference } from './rf-reference';

describe('createRfReference', () => {
  it('builds the RF form of published Finnish references', () => {
    // Finanssiala, "Kansainvälisen viitteen rakenneohje": 2348236 → RF33 2348 236.
    expect(createRfReference('2348236')).toBe('RF332348236');
    // Pankkiviivakoodi-opas v5.3, version 5 invoices.
    expect(createRfReference('86851 62596 19897')).toBe('RF09868516259619897');
    expect(createRfReference('559582243294671')).toBe('RF06559582243294671');
    expect(createRfReference('698756720839')).toBe('RF61698756720839');
    expect(createRfReference('7758474790647489')).toBe('RF847758474790647489');
    expect(createRfReference('78777679656628687')).toBe('RF6078777679656628687');
    expect(createRfReference('868624')).toBe('RF10868624');
    expect(createRfReference('92125374252539897737')).toBe('RF7192125374252539897737');
    expect(createRfReference('590738390')).toBe('RF66590738390');
    expect(createRfReference('1357914')).toBe('RF951357914');
  });

  it('refuses anything but a valid Finnish reference', () => {
    expect(() => createRfReference('2348237')).toThrow(RangeError);
    expect(() => createRfReference('RF332348236')).toThrow(RangeError);
  });
});

describe('isValidRfReference', () => {
  it('accepts valid references, ignoring spaces and case', () => {
    expect(isValidRfReference('RF33 2348 236')).toBe(true);
    expect(isValidRfReference('rf332348236')).toBe(true);
    // The ISO 11649 example, and a body with letters (allowed by the standard).
    expect(isValidRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidRfReference('RF47 ABC1 23')).toBe(true);
  });

  it('rejects wrong checks, prefixes and lengths', () => {
    expect(isValidRfReference('RF34 2348 236')).toBe(false);
    expect(isValidRfReference('RX33 2348 236')).toBe(false);
    expect(isValidRfReference('RF33')).toBe(false);
    expect(isValidRfReference(`RF00${'1'.repeat(22)}`)).toBe(false);
    expect(isValidRfReference('RF33 2348-236')).toBe(false);
    expect(isValidRfReference('')).toBe(false);
  });

  it('accepts every RF built from a generated reference and rejects any one-digit change (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{3,19}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const rf = createRfReference(createReference(base));
          expect(isValidRfReference(rf)).toBe(true);
          // Any digit after "RF": the check digits or the body.
          const index = 2 + (position % (rf.length - 2));
          const changed = (Number(rf[index]) + delta) % 10;
          const mutated = rf.slice(0, index) + String(changed) + rf.slice(index + 1);
          expect(isValidRfReference(mutated)).toBe(false);
        },
      ),
    );
  });
});

describe('formatRfReference', () => {
  it('groups in fours from the left', () => {
    expect(formatRfReference('RF332348236')).toBe('RF33 2348 236');
    expect(formatRfReference('rf18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatRfReference(' RF33 23 48236')).toBe('RF33 2348 236');
  });
});
