import { describe, expect, it } from 'vitest';
import { lastTwelveMonths } from './service';

describe('lastTwelveMonths', () => {
  it('ends with the current month and crosses the turn of the year', () => {
    expect(lastTwelveMonths('2026-01-31')).toEqual(['2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01']);
    expect(lastTwelveMonths('2026-12-01')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12']);
  });
});
