import { describe, expect, it } from 'vitest';
import type { Sheet } from './sheet';
import { cachedSheets, cacheSheets, estimateBytes, forgetSheets } from './sheetCache';

const sheet = (rows: number, text = 'x'): Sheet[] => [
  { name: 'CSV', header: ['A'], rows: Array.from({ length: rows }, (_, i) => ({ row: i + 2, cells: [{ text }] })) },
];

// Parsed uploads are kept for the wizard's steps, but never without bound.
describe('sheetCache', () => {
  it('answers by import and stored file, and forgets on request', () => {
    const s = sheet(2);
    cacheSheets(900, 'a', 'f1', s);
    expect(cachedSheets(900, 'a', 'f1')).toBe(s);
    expect(cachedSheets(901, 'a', 'f1')).toBeUndefined();
    expect(cachedSheets(900, 'a', 'f2')).toBeUndefined();
    expect(cachedSheets(900, 'a', 'f1')).toBeUndefined();
    cacheSheets(900, 'b', 'f1', s);
    forgetSheets(900, 'b');
    expect(cachedSheets(900, 'b', 'f1')).toBeUndefined();
  });

  it('keeps at most 8 uploads, least recently used out first, and nothing too big', () => {
    for (let i = 0; i < 8; i++) cacheSheets(902, `u${i}`, 'f1', sheet(1));
    expect(cachedSheets(902, 'u0', 'f1')).toBeDefined();
    cacheSheets(902, 'u8', 'f1', sheet(1));
    expect(cachedSheets(902, 'u1', 'f1')).toBeUndefined();
    expect(cachedSheets(902, 'u0', 'f1')).toBeDefined();
    const big = sheet(10, 'x'.repeat(4 * 1024 * 1024));
    expect(estimateBytes(big)).toBeGreaterThan(64 * 1024 * 1024);
    cacheSheets(902, 'big', 'f1', big);
    expect(cachedSheets(902, 'big', 'f1')).toBeUndefined();
    expect(cachedSheets(902, 'u8', 'f1')).toBeDefined();
  });
});
