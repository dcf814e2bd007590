import { parseAmountCents } from '../finnish/amount';

// The credit rules (spec §9 Invoice): which credit a person may make of an invoice instance,
// from the amounts typed per row. Pure, so the web form and the server agree and every rule
// can be property-tested. Errors are message keys under `rows.{i}.amount` or `general`.

export interface CreditSourceRow {
  title: string;
  amount_c: number;
  vat_percent: number;
}

export interface CreditInstance {
  rows: readonly CreditSourceRow[];
  amount_c: number;
  paid_c: number;
  credited_c: number;
  /** What is still to be paid (openAmount). */
  open: number;
  /** Per row, what earlier credits already took of it (same order as rows; missing = 0). */
  credited_rows?: readonly number[];
}

export interface CreditRow {
  title: string;
  /** Positive cents credited of the row with the same index. */
  amount_c: number;
  vat_percent: number;
}

export type CreditErrors = Record<string, string[]>;
export type CreditResult = { ok: true; rows: CreditRow[]; total_c: number } | { ok: false; errors: CreditErrors };

/** More than one VAT rate among the rows: such invoices are credited in full only. */
export function isMultiVat(rows: readonly CreditSourceRow[]): boolean {
  return new Set(rows.map((r) => r.vat_percent)).size > 1;
}

/** What of each row is still creditable. */
export function rowRemaining(inst: CreditInstance): number[] {
  return inst.rows.map((r, i) => Math.max(0, r.amount_c - (inst.credited_rows?.[i] ?? 0)));
}

/** What may still be credited in all: the amount less earlier credits. */
export function creditable(inst: Pick<CreditInstance, 'amount_c' | 'credited_c'>): number {
  return Math.max(0, inst.amount_c - inst.credited_c);
}

/** A multi-VAT invoice with some payment and something still open: credit exactly the open amount. */
export function isPartlyPaid(inst: Pick<CreditInstance, 'paid_c' | 'open'>): boolean {
  return inst.paid_c > 0 && inst.open > 0;
}

/** The largest amount row i accepts (what the form may prefill as the full credit). */
export function rowLimit(inst: CreditInstance, i: number): number {
  const remaining = rowRemaining(inst)[i] ?? 0;
  return isMultiVat(inst.rows) && isPartlyPaid(inst) ? Math.min(remaining, inst.open) : remaining;
}

const add = (errors: CreditErrors, key: string, msg: string) => {
  (errors[key] ??= []).push(msg);
};

/** Validates the typed amounts (one per row, "" = 0) and returns the credit rows, or the errors. */
export function validateCredit(inst: CreditInstance, typed: readonly string[]): CreditResult {
  const errors: CreditErrors = {};
  if (typed.length > inst.rows.length) add(errors, 'general', 'invoice_amount_invalid');
  const multi = isMultiVat(inst.rows);
  const partly = isPartlyPaid(inst);
  const remaining = rowRemaining(inst);
  const amounts = inst.rows.map((_, i) => {
    const text = (typed[i] ?? '').trim();
    const cents = text === '' ? 0 : parseAmountCents(text);
    if (cents === null) {
      add(errors, `rows.${i}.amount`, 'invoice_amount_invalid');
      return 0;
    }
    if (cents > rowLimit(inst, i)) add(errors, `rows.${i}.amount`, 'credit_row_exceeds');
    return cents;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const total = amounts.reduce((s, a) => s + a, 0);
  if (total <= 0) add(errors, 'general', 'credit_total_zero');
  else if (total > creditable(inst)) add(errors, 'general', 'credit_total_exceeds');
  else if (multi && partly) {
    if (total !== inst.open) add(errors, 'general', 'credit_total_must_equal_open');
  } else if (multi && amounts.some((a, i) => a !== remaining[i])) add(errors, 'general', 'credit_multi_vat_full_only');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, total_c: total, rows: inst.rows.map((r, i) => ({ title: r.title, vat_percent: r.vat_percent, amount_c: amounts[i]! })) };
}

/** Per row, the sum of earlier credits' rows (each credit action stores its rows in the invoice's row order). */
export function creditedRows(rowCount: number, credits: readonly (readonly { amount_c: number }[] | null)[]): number[] {
  const out = new Array<number>(rowCount).fill(0);
  for (const rows of credits) rows?.forEach((r, i) => {
    if (i < rowCount) out[i]! += r.amount_c;
  });
  return out;
}
