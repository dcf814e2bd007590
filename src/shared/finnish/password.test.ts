import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, passwordStrength } from './password';

describe('password limits', () => {
  it('are 10 and 50', () => {
    expect(PASSWORD_MIN).toBe(10);
    expect(PASSWORD_MAX).toBe(50);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['Abc123!?x', 0], // 9 characters, however varied
    ['aaaaaaaaaa', 1], // 10 lowercase letters
    ['1234567890', 1], // no letters at all
    ['aaaaaaaaa1', 2], // letters and a digit
    ['Aaaaaaaaaa', 2], // mixed case
    ['Aaaaaaaaa1', 3], // both
    ['a'.repeat(16), 2],
    ['a'.repeat(20), 3],
    ['a'.repeat(24), 4],
    ['a'.repeat(50), 4],
    ['Aaaaaaaaaaaaaaa1', 4], // 16 characters, mixed, capped at 4
    ['aaaaaaaaaaaaaaa1', 3],
    ['ääääääääää', 1], // non-ASCII letters are letters
    ['ääääääääÄÄ', 2],
    ['salasana salasana', 3], // 17 characters, the space is a non-letter
    ['😀😀😀😀😀😀😀😀😀', 0], // 9 code points, although 18 UTF-16 units
  ])('%j → %i', (pw, score) => {
    expect(passwordStrength(pw)).toBe(score);
  });
});
