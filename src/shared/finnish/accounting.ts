// Accounting records (invoices, payments, receipts, expense claims) are kept six years after
// the end of the financial year (Kirjanpitolaki 2:10). With calendar financial years, in
// 2026 the year 2019 ended on 31.12.2019 and its six years ran out on 31.12.2025, so 2019 is
// the last whole year whose data may be cleaned.

/** Years kept after the end of the financial year. */
export const ACCOUNTING_RETENTION_YEARS = 6;
/** The first year the clean-up offers (nothing older exists in Seura). */
export const FIRST_CLEANABLE_YEAR = 2013;

/** The last year whose accounting data may be deleted in `currentYear` (null: none yet). */
export function lastCleanableYear(currentYear: number): number | null {
  const last = currentYear - ACCOUNTING_RETENTION_YEARS - 1;
  return last >= FIRST_CLEANABLE_YEAR ? last : null;
}

/** Whether the data of years up to and including `period` may be deleted in `currentYear`. */
export function isCleanablePeriod(period: number, currentYear: number): boolean {
  const last = lastCleanableYear(currentYear);
  return Number.isInteger(period) && period >= FIRST_CLEANABLE_YEAR && last !== null && period <= last;
}

/** The years the clean-up offers, newest first. */
export function cleanableYears(currentYear: number): number[] {
  const last = lastCleanableYear(currentYear);
  const out: number[] = [];
  if (last !== null) for (let y = last; y >= FIRST_CLEANABLE_YEAR; y--) out.push(y);
  return out;
}
