import { describe, expect, it } from 'vitest';
import { businessIdToVatId, isValidBusinessId, normalizeBusinessId } from './business-id';

describe('isValidBusinessId', () => {
  it('accepts the published example 0112038-9', () => {
    expect(isValidBusinessId('0112038-9')).toBe(true);
    expect(isValidBusinessId(' 0112038-9 ')).toBe(true);
  });

  it('accepts a six-digit base with the leading zero left out', () => {
    expect(isValidBusinessId('112038-9')).toBe(true);
  });

  it('rejects wrong check digits and formats', () => {
    expect(isValidBusinessId('0112038-8')).toBe(false);
    expect(isValidBusinessId('01120389')).toBe(false);
    expect(isValidBusinessId('0112038 9')).toBe(false);
    expect(isValidBusinessId('12038-9')).toBe(false);
    expect(isValidBusinessId('FI01120389')).toBe(false);
    expect(isValidBusinessId('')).toBe(false);
  });

  it('never accepts a base whose remainder is 1', () => {
    // 0000006: 6 × 2 = 12, remainder 1.
    for (let check = 0; check <= 9; check++) {
      expect(isValidBusinessId(`0000006-${String(check)}`)).toBe(false);
    }
  });

  it('accepts remainder 0 with check digit 0', () => {
    // 0000000 sums to 0; 1000002: 7 + 4 = 11, remainder 0.
    expect(isValidBusinessId('1000002-0')).toBe(true);
  });
});

describe('normalizeBusinessId', () => {
  it('returns the canonical form or null', () => {
    expect(normalizeBusinessId('112038-9')).toBe('0112038-9');
    expect(normalizeBusinessId(' 0112038-9')).toBe('0112038-9');
    expect(normalizeBusinessId('0112038-1')).toBeNull();
  });
});

describe('businessIdToVatId', () => {
  it('prefixes FI and drops the hyphen', () => {
    expect(businessIdToVatId('0112038-9')).toBe('FI01120389');
    expect(businessIdToVatId('112038-9')).toBe('FI01120389');
  });

  it('throws RangeError for an invalid id', () => {
    expect(() => businessIdToVatId('0112038-8')).toThrow(RangeError);
  });
});
