import { describe, expect, it } from 'vitest';
import { MEASURE_BUDGET_CHARS, measuringDocument, mm } from './document';

describe('pdf document primitives', () => {
  it('converts millimetres to points (A4 is 210 × 297 mm)', () => {
    expect(mm(210)).toBeCloseTo(595.28, 1);
    expect(mm(297)).toBeCloseTo(841.89, 1);
  });

  it('shares one measuring document until half a million characters were measured, then starts a new one (pdfkit caches every word)', () => {
    // Other tests in this process may have measured already: pass the budget to start afresh.
    const before = measuringDocument(MEASURE_BUDGET_CHARS + 1);
    const first = measuringDocument(100_000);
    expect(first).not.toBe(before);
    expect(measuringDocument(100_000)).toBe(first);
    expect(measuringDocument(250_000)).toBe(first);
    const next = measuringDocument(100_000);
    expect(next).not.toBe(first);
    expect(measuringDocument(1)).toBe(next);
  });
});
