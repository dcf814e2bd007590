import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeptTexts, TEXT_BLOCK } from './kept-texts';
import { ranksOf } from './name-ranks';

// The kept texts find exactly what matching every text in order would, through any writes.

/** What find should give, by matching every text: the kept ones in order, then the written ones. */
function expected(order: { id: number; text: string }[], written: Map<number, string>, term: string, want: number, skip: Set<number>) {
  const inOrder = order.filter((r) => !written.has(r.id) && r.text.includes(term) && !skip.has(r.id)).slice(0, want).map((r) => r.id);
  const other = [...written].filter(([id, text]) => text !== null && !skip.has(id) && text.includes(term)).map(([id]) => id);
  return { inOrder, written: other };
}

describe('kept quick-search texts', () => {
  it('finds the first matches in order, over several blocks, and none for letters no text holds', async () => {
    const n = 3 * TEXT_BLOCK + 5;
    const ids = Array.from({ length: n }, (_, i) => 1000 + i * 3);
    const texts = ids.map((id, i) => (i % 50 === 49 ? `kivirinta ${id}` : `virtanen ${id}@example.fi`));
    const kept = await KeptTexts.build('v1', ranksOf(ids), texts);
    expect(kept.find('iri', 3)).toEqual({ inOrder: [ids[49], ids[99], ids[149]], written: [] });
    // The last block, short of a whole one.
    expect(kept.find(String(ids[n - 1]), 5)!.inOrder).toEqual([ids[n - 1]]);
    expect(kept.find('qqq', 5)).toEqual({ inOrder: [], written: [] });
    // Two letters: every block in order.
    expect(kept.find('ki', 2)!.inOrder).toEqual([ids[49], ids[99]]);
    // Not searched here: a term holding the separator.
    expect(kept.find('a\u0001b', 5)).toBeNull();
    expect(kept.size).toBe(n);
  });

  it('leaves written members out of the kept order and matches their new texts apart', async () => {
    const kept = await KeptTexts.build('v1', ranksOf([5, 3, 9]), ['aaltonen', 'bergman', 'koivisto']);
    kept.apply('v2', [
      { id: 3, text: 'zetterberg' },
      { id: 9, text: null },
      { id: 12, text: 'berg uusi' },
    ]);
    expect(kept.version).toBe('v2');
    expect(kept.find('berg', 5)).toEqual({ inOrder: [], written: [3, 12] });
    expect(kept.find('aalto', 5)).toEqual({ inOrder: [5], written: [] });
    expect(kept.find('koivi', 5)).toEqual({ inOrder: [], written: [] });
    expect(kept.find('berg', 5, new Set([12]))).toEqual({ inOrder: [], written: [3] });
    expect(kept.size).toBe(3);
    expect(kept.writtenCount).toBe(2);
  });

  it('agrees with matching every text, for any texts, terms and writes', async () => {
    // A few letters, so terms often match; ä, ö, digits and signs share or have classes of their own.
    const letter = fc.constantFrom('a', 'i', 'n', 'e', 'ä', 'ö', 'é', '1', '@', '.', ' ', 'Ж');
    const text = fc.array(letter, { minLength: 0, maxLength: 12 }).map((a) => a.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 0, maxLength: 3 * TEXT_BLOCK }),
        fc.array(fc.tuple(fc.nat(400), fc.option(text, { nil: null })), { maxLength: 30 }),
        fc.array(fc.array(letter, { minLength: 1, maxLength: 5 }).map((a) => a.join('')), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 12 }),
        async (texts, writes, terms, want) => {
          const order = texts.map((t, i) => ({ id: i * 2 + 1, text: t }));
          const kept = await KeptTexts.build('v', ranksOf(order.map((r) => r.id)), texts);
          const written = new Map<number, string>();
          const gone = new Set<number>();
          const changes = writes.map(([id, t]) => ({ id, text: t }));
          kept.apply('w', changes);
          for (const c of changes) {
            if (c.text === null) {
              written.delete(c.id);
              gone.add(c.id);
            } else {
              written.set(c.id, c.text);
              gone.delete(c.id);
            }
          }
          const skip = new Set(order.filter((_, i) => i % 7 === 3).map((r) => r.id));
          const live = order.filter((r) => !gone.has(r.id));
          for (const term of terms) expect(kept.find(term, want, skip)).toEqual(expected(live, written, term, want, skip));
        },
      ),
      { numRuns: 150 },
    );
  });
});
