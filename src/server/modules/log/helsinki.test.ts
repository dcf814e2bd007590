import { describe, expect, it } from 'vitest';
import { helsinkiDayStart, nextDay } from './helsinki';

describe('Helsinki calendar days', () => {
  it('begin at local midnight: UTC+2 in winter, UTC+3 in summer', () => {
    expect(helsinkiDayStart('2026-01-15')).toBe('2026-01-14T22:00:00.000Z');
    expect(helsinkiDayStart('2026-07-01')).toBe('2026-06-30T21:00:00.000Z');
  });

  it('handle the days the clocks change (at 3 and 4 a.m., never at midnight)', () => {
    expect(helsinkiDayStart('2026-03-29')).toBe('2026-03-28T22:00:00.000Z');
    expect(helsinkiDayStart('2026-03-30')).toBe('2026-03-29T21:00:00.000Z');
    expect(helsinkiDayStart('2026-10-25')).toBe('2026-10-24T21:00:00.000Z');
    expect(helsinkiDayStart('2026-10-26')).toBe('2026-10-25T22:00:00.000Z');
  });

  it('step to the next day over month and year ends and leap days', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2025-12-31')).toBe('2026-01-01');
  });

  it('refuse what is not a date', () => {
    expect(() => helsinkiDayStart('2026-02-30')).toThrow(RangeError);
    expect(() => nextDay('1.1.2026')).toThrow(RangeError);
  });
});
