import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

describe('readAhead', () => {
  it('gives every piece in order, with at most `depth` reads asked for at once', async () => {
    let inFlight = 0;
    let most = 0;
    const read = async (from: number) => {
      most = Math.max(most, ++inFlight);
      // Later pieces answer sooner: the order must still be the pieces'.
      await new Promise((r) => setTimeout(r, 10 - from / 10));
      inFlight--;
      return from;
    };
    const got: number[] = [];
    for await (const from of readAhead(95, 10, 3, read)) got.push(from);
    expect(got).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(most).toBe(3);
  });

  it('throws a failed read when its turn comes, after the pieces before it', async () => {
    const read = async (from: number) => {
      if (from === 20) throw new Error('yhteys katkesi');
      return from;
    };
    const got: number[] = [];
    await expect(async () => {
      for await (const from of readAhead(50, 10, 2, read)) got.push(from);
    }).rejects.toThrow('yhteys katkesi');
    expect(got).toEqual([0, 10]);
  });
});
