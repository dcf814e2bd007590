import { describe, expect, it } from 'vitest';
import { cleanableYears, isCleanablePeriod, lastCleanableYear } from './accounting';

describe('accounting retention (six years after the financial year)', () => {
  it('in 2026 the last cleanable year is 2019', () => {
    expect(lastCleanableYear(2026)).toBe(2019);
    expect(isCleanablePeriod(2019, 2026)).toBe(true);
    expect(isCleanablePeriod(2020, 2026)).toBe(false);
  });
  it('refuses years before 2013 and non-integers', () => {
    expect(isCleanablePeriod(2012, 2026)).toBe(false);
    expect(isCleanablePeriod(2013, 2026)).toBe(true);
    expect(isCleanablePeriod(2015.5, 2026)).toBe(false);
  });
  it('offers nothing before 2020 and lists the years newest first', () => {
    expect(lastCleanableYear(2019)).toBeNull();
    expect(cleanableYears(2019)).toEqual([]);
    expect(isCleanablePeriod(2013, 2019)).toBe(false);
    expect(cleanableYears(2021)).toEqual([2014, 2013]);
    expect(cleanableYears(2026)[0]).toBe(2019);
    expect(cleanableYears(2026).at(-1)).toBe(2013);
  });
});
