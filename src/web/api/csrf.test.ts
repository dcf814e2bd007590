import { describe, expect, it } from 'vitest';
import { readCsrfToken } from './csrf';

describe('readCsrfToken', () => {
  it('finds the token among other cookies', () => {
    expect(readCsrfToken('a=1; csrftoken=abc%3D; b=2')).toBe('abc=');
  });

  it('is null when missing or empty', () => {
    expect(readCsrfToken('')).toBeNull();
    expect(readCsrfToken('xcsrftoken=1; csrftoken=')).toBeNull();
  });
});
