// Tax-free expense allowances (Verohallinto's yearly decision on travel
// expense compensation): domestic full and partial per diem and the car rate.

import { parseIsoDate } from './date';

export interface AllowanceRates {
  perDiemFullCents: number;
  perDiemPartialCents: number;
  kmCarCents: number;
}

// Each decision covers one calendar year. Ascending by year.
// 2022: 45 €, 20 €, 0,46 €/km · 2023: 48 €, 22 €, 0,53 €/km ·
// 2024: 51 €, 24 €, 0,57 €/km · 2025: 53 €, 24 €, 0,59 €/km ·
// 2026: 54 €, 25 €, 0,55 €/km (the car rate went down for 2026).
const RATES_BY_YEAR: readonly (readonly [number, AllowanceRates])[] = [
  [2022, { perDiemFullCents: 4500, perDiemPartialCents: 2000, kmCarCents: 46 }],
  [2023, { perDiemFullCents: 4800, perDiemPartialCents: 2200, kmCarCents: 53 }],
  [2024, { perDiemFullCents: 5100, perDiemPartialCents: 2400, kmCarCents: 57 }],
  [2025, { perDiemFullCents: 5300, perDiemPartialCents: 2400, kmCarCents: 59 }],
  [2026, { perDiemFullCents: 5400, perDiemPartialCents: 2500, kmCarCents: 55 }],
];

/**
 * Rates in force on an ISO date. A date after the newest decision gets the
 * newest rates (until the next decision is added here); a date before the
 * first one, or a malformed date, throws RangeError.
 */
export function allowanceRatesOn(date: string): AllowanceRates {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not an ISO date: ${date}`);
  let found: AllowanceRates | undefined;
  for (const [year, rates] of RATES_BY_YEAR) {
    if (year <= parsed.year) found = rates;
  }
  if (!found) throw new RangeError(`No allowance rates for ${date}`);
  return { ...found };
}

/**
 * Kilometres times the unit price, rounded to whole cents (half away from
 * zero). Kilometres may be a number or a string with a decimal comma or dot.
 */
export function kmAmountCents(km: string | number, unitCents: number): number {
  const text = typeof km === 'number' ? String(km) : km.trim().replace(',', '.');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`Invalid kilometres: ${String(km)}`);
  if (!Number.isSafeInteger(unitCents) || unitCents < 0) {
    throw new RangeError('unitCents must be a non-negative integer');
  }
  // Exact decimal arithmetic: km = mantissa / 10^scale.
  const decimals = m[2] ?? '';
  const mantissa = BigInt((m[1] ?? '') + decimals);
  const scale = 10n ** BigInt(decimals.length);
  const cents = (2n * mantissa * BigInt(unitCents) + scale) / (2n * scale);
  return Number(cents);
}
