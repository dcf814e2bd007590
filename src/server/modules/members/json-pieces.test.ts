import { describe, expect, it } from 'vitest';
import { JsonItems, jsonInPieces } from './json-pieces';

async function pieces(reply: Record<string, unknown>, every: number): Promise<string[]> {
  const out: string[] = [];
  for await (const p of jsonInPieces(reply, 'results', every)) out.push(p);
  return out;
}

describe('jsonInPieces', () => {
  const rows = Array.from({ length: 1234 }, (_, i) => ({ id: i, lastname: `Ärrä "${i}"`, email: i % 3 ? null : `x${i}@ex.fi`, skip: undefined, jasen: i % 2 === 0 }));

  it('writes the same text as JSON.stringify, the list in pieces of `every` rows', async () => {
    const reply = { results: rows, stats: { result_count: 1234, result_application_count: 0 } };
    const out = await pieces(reply, 100);
    // 13 pieces of rows (the last one also closes the list) and one for the rest.
    expect(out).toHaveLength(14);
    expect(out.join('')).toBe(JSON.stringify(reply));
  });

  it('turns the event loop between pieces, so other callbacks run while a long list is written', async () => {
    let ticks = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      ticks++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    for await (const _piece of jsonInPieces({ results: rows }, 'results', 200)) seen.push(ticks);
    running = false;
    // Seven pieces of rows: each later piece was written after at least one more tick.
    expect(seen).toHaveLength(8);
    for (let i = 1; i < 7; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
  });

  it('handles an empty list, keys around the list, and keys JSON.stringify leaves out', async () => {
    const reply = { before: 'a', results: [], gone: undefined, after: [1, undefined] };
    expect((await pieces(reply, 10)).join('')).toBe(JSON.stringify(reply));
    expect((await pieces({ stats: 1 }, 10)).join('')).toBe(JSON.stringify({ stats: 1 }));
  });

  it('writes a list given as an async iterable of arrays one array per piece, skipping empty ones', async () => {
    async function* parts() {
      yield rows.slice(0, 3);
      yield [];
      yield rows.slice(3, 5);
    }
    const out: string[] = [];
    for await (const p of jsonInPieces({ results: parts(), stats: { n: 5 } }, 'results')) out.push(p);
    expect(out).toHaveLength(3);
    expect(out.join('')).toBe(JSON.stringify({ results: rows.slice(0, 5), stats: { n: 5 } }));
  });

  it('writes pieces given as text as they are, between pieces of rows, skipping empty ones', async () => {
    async function* parts() {
      yield new JsonItems(rows.slice(0, 2).map((r) => JSON.stringify(r)).join(','));
      yield new JsonItems('');
      yield rows.slice(2, 4);
      yield new JsonItems(JSON.stringify(rows[4]));
    }
    const out: string[] = [];
    for await (const p of jsonInPieces({ results: parts(), stats: { n: 5 } }, 'results')) out.push(p);
    expect(out).toHaveLength(4);
    expect(out.join('')).toBe(JSON.stringify({ results: rows.slice(0, 5), stats: { n: 5 } }));
  });
});
