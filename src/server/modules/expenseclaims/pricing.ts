import type { ExpenseItemInput } from '../../../shared/schemas/expenseclaims';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import { EXPENSE_KM_MAX, EXPENSE_RECEIPT_AMOUNT_MAX_C } from '../../../shared/constants';
import { parseAmountCents } from '../../../shared/finnish/amount';
import { allowanceRatesOn, allowanceYearOn, kmAmountCents, perDiemFor } from '../../../shared/finnish/allowance';
import type { Selectable } from 'kysely';
import type { ExpenseClaimItemsTable } from '../../db/schema';

// A claim's items as the server prices them: what the claimant typed (amounts and kilometres
// as text, a trip's departure and return) is parsed here and the km and per diem amounts come
// from the rules module (src/shared/finnish/allowance.ts) at the rate of the item's date, so
// a client can never send an amount of its own. Errors are keyed `items.{i}.{field}`.

/** An item row as it is stored, without its ids and place: what pricing gives the repo. */
export type PricedItem = Omit<Selectable<ExpenseClaimItemsTable>, 'id' | 'tenant_id' | 'claim_id' | 'position'>;

const BLANK = { receipt_id: null, location: null, vehicle: null, km: null, km_price_c: null, rate_year: null, started_at: null, returned_at: null, per_diem_full: null, per_diem_partial: null };

/** A date the rules have rates for (null: before the first decision). */
function rateYear(date: string): number | null {
  try {
    return allowanceYearOn(date);
  } catch {
    return null;
  }
}

/** Kilometres as typed ("123,4") → "123.4", or null when not a positive number up to the maximum. */
export function parseKm(text: string): string | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(t)) return null;
  const n = Number(t);
  if (!(n > 0) || n > EXPENSE_KM_MAX) return null;
  // "012.50" → "12.5": the stored text reads as a number.
  return String(n);
}

/**
 * Prices every item; `today` (Helsinki, YYYY-MM-DD) bounds the dates. Returns the rows, or the
 * errors keyed by item.
 */
export function priceItems(items: readonly ExpenseItemInput[], today: string): { items: PricedItem[]; errors: ValidationErrors } {
  const errors: ValidationErrors = {};
  const out: PricedItem[] = [];
  items.forEach((item, i) => {
    const err = (field: string, key: string) => {
      (errors[`items.${String(i)}.${field}`] ??= []).push(key);
    };
    if (item.type === 'receipt') {
      const cents = parseAmountCents(item.amount);
      if (cents === null || cents <= 0 || cents > EXPENSE_RECEIPT_AMOUNT_MAX_C) err('amount', 'expense_invalid_amount');
      if (item.date > today) err('date', 'expense_date_in_future');
      out.push({ ...BLANK, type: 'receipt', date: item.date, description: item.description, amount_c: cents ?? 0, receipt_id: item.receipt_id });
      return;
    }
    if (item.type === 'km') {
      const km = parseKm(item.km);
      if (km === null) err('km', 'expense_invalid_km');
      const year = rateYear(item.date);
      if (item.date > today) err('date', 'expense_date_in_future');
      else if (year === null) err('date', 'expense_rate_unknown');
      const price = year === null ? 0 : allowanceRatesOn(item.date).kmCarCents;
      out.push({
        ...BLANK,
        type: 'km',
        date: item.date,
        description: item.description,
        amount_c: km === null ? 0 : kmAmountCents(km, price),
        location: item.location,
        vehicle: item.vehicle,
        km,
        km_price_c: price,
        rate_year: year,
      });
      return;
    }
    const date = item.started_at.slice(0, 10);
    const row: PricedItem = { ...BLANK, type: 'per_diem', date, description: item.description, amount_c: 0, location: item.location, started_at: item.started_at, returned_at: item.returned_at };
    out.push(row);
    if (item.returned_at.slice(0, 10) > today) return err('returned_at', 'expense_date_in_future');
    if (rateYear(date) === null) return err('started_at', 'expense_rate_unknown');
    if (item.returned_at <= item.started_at) return err('returned_at', 'expense_return_before_departure');
    let pd: ReturnType<typeof perDiemFor>;
    try {
      pd = perDiemFor(item.started_at, item.returned_at);
    } catch {
      // An impossible time such as 25:00 passes the pattern but not the clock.
      return err('started_at', '_validation_invalid_date');
    }
    if (pd.days.length === 0) return err('returned_at', 'expense_per_diem_too_short');
    Object.assign(row, { amount_c: pd.cents, per_diem_full: pd.full, per_diem_partial: pd.partial, rate_year: pd.days[0]!.rateYear });
  });
  return { items: out, errors };
}
