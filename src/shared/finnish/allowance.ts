// Tax-free expense allowances (Verohallinto's yearly decision on travel
// expense compensation): domestic full and partial per diem and the car rate,
// how a trip's length turns into per diems, and the yearly limits within which a
// non-profit may pay its volunteers these allowances tax-free.

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

/** Where each year's rates come from: Verohallinto's decision on tax-free travel expense compensation. */
export const ALLOWANCE_SOURCES: Readonly<Record<number, string>> = {
  2022: 'Verohallinnon päätös verovapaista matkakustannusten korvauksista vuonna 2022',
  2023: 'Verohallinnon päätös verovapaista matkakustannusten korvauksista vuonna 2023',
  2024: 'Verohallinnon päätös verovapaista matkakustannusten korvauksista vuonna 2024',
  2025: 'Verohallinnon päätös verovapaista matkakustannusten korvauksista vuonna 2025',
  2026: 'Verohallinnon päätös verovapaista matkakustannusten korvauksista vuonna 2026',
};

/** The decision whose rates apply on a date (the newest one for later years). */
export function allowanceYearOn(date: string): number {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not an ISO date: ${date}`);
  let found: number | undefined;
  for (const [year] of RATES_BY_YEAR) if (year <= parsed.year) found = year;
  if (found === undefined) throw new RangeError(`No allowance rates for ${date}`);
  return found;
}

/** The source of the rates that apply on a date, to print beside the amounts. */
export const allowanceSourceOn = (date: string): string => ALLOWANCE_SOURCES[allowanceYearOn(date)]!;

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

/**
 * A non-profit (yleishyödyllinen yhteisö) may pay a volunteer who is not its employee
 * tax-free per diems for at most 20 days and kilometre allowances of at most 3 000 € in a
 * calendar year (Tuloverolaki 71 § 4 mom.; Verohallinto's guide on volunteer work of
 * non-profits). Beyond these the allowances are taxable income.
 */
export const VOLUNTEER_LIMITS = { perDiemDays: 20, kmCents: 300_000, source: 'Tuloverolaki 71 § 4 mom.' } as const;

export interface VolunteerYear {
  /** Per diem days already claimed this calendar year (full and partial alike). */
  perDiemDays: number;
  /** Kilometre allowances already claimed this calendar year, in cents. */
  kmCents: number;
}

/** Which of the yearly volunteer limits the totals go over ([] when none). */
export function volunteerLimitsExceeded(year: VolunteerYear): ('per_diem_days' | 'km_amount')[] {
  const over: ('per_diem_days' | 'km_amount')[] = [];
  if (year.perDiemDays > VOLUNTEER_LIMITS.perDiemDays) over.push('per_diem_days');
  if (year.kmCents > VOLUNTEER_LIMITS.kmCents) over.push('km_amount');
  return over;
}

/** One travel day (matkavuorokausi) of a trip and the allowance it earns. */
export interface PerDiemDay {
  /** When the travel day starts, 'YYYY-MM-DDTHH:MM' (local Finnish time). */
  start: string;
  kind: 'full' | 'partial';
  cents: number;
  /** The year whose decision's rate applies: the year the travel day starts in. */
  rateYear: number;
}

export interface PerDiemResult {
  /** Trip length in minutes. */
  minutes: number;
  days: PerDiemDay[];
  full: number;
  partial: number;
  cents: number;
}

const MINUTE = 60_000;
const HOUR = 60;

/** 'YYYY-MM-DDTHH:MM' as minutes on a wall clock (no time zone: a trip is measured as written). */
function wallMinutes(at: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(at);
  if (!m || !parseIsoDate(m[1]!)) throw new RangeError(`Not a local date and time: ${at}`);
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 23 || minutes > 59) throw new RangeError(`Not a local date and time: ${at}`);
  return Date.parse(`${m[1]!}T${m[2]!}:${m[3]!}:00Z`) / MINUTE;
}

const wallText = (minutes: number): string => new Date(minutes * MINUTE).toISOString().slice(0, 16);

/**
 * Domestic per diems of a trip from its departure to its return (local 'YYYY-MM-DDTHH:MM'):
 * a trip of over 6 hours earns a partial and of over 10 hours a full per diem; a longer trip
 * earns a full one for each whole 24 hours, and the time past the last whole travel day earns
 * a partial one when it is at least 2 hours and a full one when it is over 6 hours. Each
 * travel day is paid at the rate of the year it starts in. The 15 km distance condition is
 * the claimant's to state; it cannot be computed.
 */
export function perDiemFor(departure: string, ret: string): PerDiemResult {
  const from = wallMinutes(departure);
  const to = wallMinutes(ret);
  if (to <= from) throw new RangeError('The return must be after the departure');
  const minutes = to - from;
  const days: PerDiemDay[] = [];
  const add = (startMinutes: number, kind: 'full' | 'partial') => {
    const start = wallText(startMinutes);
    const rateYear = allowanceYearOn(start.slice(0, 10));
    const rates = allowanceRatesOn(start.slice(0, 10));
    days.push({ start, kind, cents: kind === 'full' ? rates.perDiemFullCents : rates.perDiemPartialCents, rateYear });
  };
  const DAY = 24 * HOUR;
  if (minutes <= DAY) {
    if (minutes > 10 * HOUR) add(from, 'full');
    else if (minutes > 6 * HOUR) add(from, 'partial');
  } else {
    const whole = Math.floor(minutes / DAY);
    for (let i = 0; i < whole; i++) add(from + i * DAY, 'full');
    const rest = minutes - whole * DAY;
    if (rest > 6 * HOUR) add(from + whole * DAY, 'full');
    else if (rest >= 2 * HOUR) add(from + whole * DAY, 'partial');
  }
  return {
    minutes,
    days,
    full: days.filter((d) => d.kind === 'full').length,
    partial: days.filter((d) => d.kind === 'partial').length,
    cents: days.reduce((sum, d) => sum + d.cents, 0),
  };
}
