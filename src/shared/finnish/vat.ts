// Finnish VAT rates by date, and the per-rate split of VAT-inclusive amounts.

import { parseIsoDate } from './date';

interface RatePeriod {
  rate: number;
  from: string;
  /** Last valid day, inclusive; null while still in force. */
  to: string | null;
}

// Vero.fi: general rate 24 % from 1.1.2013, 25,5 % from 1.9.2024; the 14 %
// reduced rate became 13,5 % on 1.1.2026; 10 % unchanged since 2013. 0 % stands
// for zero-rated and exempt sales, which invoices still show as a rate.
const TABLE_START = '2013-01-01';
const PERIODS: readonly RatePeriod[] = [
  { rate: 0, from: TABLE_START, to: null },
  { rate: 10, from: TABLE_START, to: null },
  { rate: 14, from: TABLE_START, to: '2025-12-31' },
  { rate: 13.5, from: '2026-01-01', to: null },
  { rate: 24, from: TABLE_START, to: '2024-08-31' },
  { rate: 25.5, from: '2024-09-01', to: null },
];

/** The VAT rates in force on an ISO date, ascending. Throws RangeError for a malformed date or one before 2013. */
export function vatRatesOn(date: string): number[] {
  if (!parseIsoDate(date)) throw new RangeError(`Not an ISO date: ${date}`);
  if (date < TABLE_START) throw new RangeError(`No VAT table before ${TABLE_START}`);
  return PERIODS.filter((p) => p.from <= date && (p.to === null || date <= p.to))
    .map((p) => p.rate)
    .sort((a, b) => a - b);
}

export interface VatBreakdownRow {
  vatPercent: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** Integer division rounded half away from zero, so credits mirror debits exactly. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (2n * abs + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/**
 * Groups rows by VAT rate (ascending) and splits each group's gross into net
 * and VAT. VAT is computed once per rate from the summed gross and the net is
 * the remainder, so net + VAT = gross exactly for every rate and in total.
 */
export function vatBreakdown(
  rows: { amountWithVatCents: number; vatPercent: number }[],
): VatBreakdownRow[] {
  const grossByRate = new Map<number, number>();
  for (const row of rows) {
    if (!Number.isSafeInteger(row.amountWithVatCents)) {
      throw new RangeError('amountWithVatCents must be an integer');
    }
    if (!Number.isFinite(row.vatPercent) || row.vatPercent < 0) {
      throw new RangeError('vatPercent must be a non-negative number');
    }
    grossByRate.set(row.vatPercent, (grossByRate.get(row.vatPercent) ?? 0) + row.amountWithVatCents);
  }
  return [...grossByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatPercent, grossCents]) => {
      // Rates like 25.5 are scaled to integers so the division is exact.
      const rateHundredths = BigInt(Math.round(vatPercent * 100));
      const vatCents = Number(
        divideRounded(BigInt(grossCents) * rateHundredths, 10_000n + rateHundredths),
      );
      return { vatPercent, netCents: grossCents - vatCents, vatCents, grossCents };
    });
}
