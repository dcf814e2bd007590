import { describe, expect, it } from 'vitest';
import { reportYears, yearOf, yearPeriod } from './reportParams';

describe('report period picker', () => {
  it('offers the years from this one back to 2016', () => {
    expect(reportYears('2026-11-24')).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016]);
  });

  it('knows a whole year as that year and anything else as a free period', () => {
    expect(yearOf(yearPeriod(2024))).toBe(2024);
    expect(yearOf({ from: '2024-01-01', to: '2024-12-30' })).toBeNull();
    expect(yearOf({ from: '2024-01-01', to: '2025-12-31' })).toBeNull();
    expect(yearOf(yearPeriod(2015))).toBeNull();
  });
});
