import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldForSearch } from './search';

// foldForSearch takes a shortcut for Latin text; it must fold every text exactly as its
// definition does, or stored texts and searched terms would stop meeting.
const byDefinition = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

describe('foldForSearch', () => {
  it('strips accents and umlauts, lowers case and collapses spaces', () => {
    expect(foldForSearch('  Mäkinen\u00a0 ÅBERG\tJosé  Žižek ')).toBe('makinen aberg jose zizek');
  });

  it('folds any text as its definition does', () => {
    const latin = fc.string({ unit: fc.integer({ min: 0, max: 0x24f }).map((c) => String.fromCharCode(c)), maxLength: 40 });
    const mixed = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'Ä', 'ö', ' ', '\u0308', '\u0301', 'İ', 'ẞ', 'Σ', 'ǅ', '\u00a0'), fc.integer({ min: 0, max: 0x2fff }).map((c) => String.fromCharCode(c))), maxLength: 40 });
    fc.assert(fc.property(fc.oneof(latin, mixed, fc.string({ unit: 'grapheme' })), (s) => foldForSearch(s) === byDefinition(s)), { numRuns: 3000 });
  });
});
