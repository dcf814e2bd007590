import { describe, expect, it } from 'vitest';
import { FINNISH_SORT_TABLE, finnishSortKey } from './collation';

const finnish = new Intl.Collator('fi');
const byKey = (a: string, b: string) => (finnishSortKey(a) < finnishSortKey(b) ? -1 : finnishSortKey(a) > finnishSortKey(b) ? 1 : 0);

/** Deterministic pseudo-random names (mulberry32), so a failure can be replayed. */
function names(count: number, seed: number): string[] {
  let s = seed;
  const rnd = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = 'aAbcdDeEéÉèhiIjklmnoOpqrsStuUvVwWxyYzZåÅäÄöÖüÜæøØçñ -\'0';
  return Array.from({ length: count }, () => {
    let out = '';
    const len = 1 + Math.floor(rnd() * 6);
    for (let i = 0; i < len; i++) out += alphabet[Math.floor(rnd() * alphabet.length)];
    return out;
  });
}

describe('finnishSortKey', () => {
  it('orders names as ICU fi does: Å, Ä, Ö after Z, case and accents after letters, spaces before letters', () => {
    const expected = ['aalto', 'Aalto', 'Aho', 'Ahonen', 'de la Cruz', 'De Lacy', 'Dean', 'Ecker', 'Éclair', 'Eskola', 'Järvi Salo', 'Järvi-Salo', 'Järvinen',
      'Mustonen', 'Mükkel', 'Myllymäki', "O'Brien", 'Oja', 'Vanhanen', 'Wahlroos', 'Ylönen', 'Zetterberg', 'Åberg', 'Ähtäri', 'ärmä', 'Ärrä', 'Æsir', 'Ødegaard', 'Öhman'];
    expect([...expected].reverse().sort(byKey)).toEqual(expected);
    expect([...expected].sort(finnish.compare)).toEqual(expected);
  });

  it('agrees with Intl.Collator("fi") on thousands of random names', () => {
    const sorted = names(4000, 7).sort(byKey);
    const wrong = sorted.slice(1).map((b, i) => [sorted[i]!, b] as const).filter(([a, b]) => finnish.compare(a, b) > 0);
    expect(wrong).toEqual([]);
  });

  it('gives every table character one weight per level, and lets other characters weigh as themselves', () => {
    const { chars, p, s, t } = FINNISH_SORT_TABLE;
    expect([p.length, s.length, t.length]).toEqual([chars.length, chars.length, chars.length]);
    expect(finnishSortKey('Ж')).toBe('Ж\u0001\u0002\u0001\u0002');
    // Decomposed input is composed first.
    expect(finnishSortKey('Ka\u0308rki')).toBe(finnishSortKey('Kärki'));
  });
});
