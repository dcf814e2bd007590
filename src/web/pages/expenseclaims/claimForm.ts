import type { z } from 'zod';
import { EXPENSE_CLAIM_ITEMS_MAX, EXPENSE_KM_MAX } from '../../../shared/constants';
import { allowanceRatesOn, allowanceSourceOn, allowanceYearOn, kmAmountCents, perDiemFor, type PerDiemResult } from '../../../shared/finnish/allowance';
import { parseAmountCents } from '../../../shared/finnish/amount';
import { formatFinnishDate, parseFinnishDate } from '../../../shared/finnish/date';
import { compactIban, normalizeIban, validateIban } from '../../../shared/finnish/iban';
import type { expenseClaimSaveBody, ExpenseClaimReply } from '../../../shared/schemas/expenseclaims';

// The member's claim form: its state as typed, the live amounts the rules module gives
// (the server prices km and per diems again on save, so these are previews), what a save
// sends and the checks made before asking the server.

export type ItemType = 'receipt' | 'km' | 'per_diem';

export interface ReceiptFile {
  id: number;
  url: string;
  mime: string;
  /** The uploaded file's name; empty for a receipt loaded with a saved claim. */
  filename: string;
}

/** One item as typed; every type's fields exist so switching code stays simple. */
export interface ItemDraft {
  /** Stable React key, never sent. */
  key: string;
  type: ItemType;
  /** d.M.yyyy (receipt, km). */
  date: string;
  /** "12,50" (receipt). */
  amount: string;
  description: string;
  receipt: ReceiptFile | null;
  /** Route or place (km, per diem). */
  location: string;
  vehicle: string;
  /** "123,4" */
  km: string;
  /** Per diem departure and return: d.M.yyyy and H.mm. */
  start_date: string;
  start_time: string;
  return_date: string;
  return_time: string;
}

export interface ClaimDraft {
  description: string;
  /** IBAN as typed, shown grouped in fours. */
  account_number: string;
  items: ItemDraft[];
}

export type SaveInput = z.input<typeof expenseClaimSaveBody>;

let keySeq = 0;
const nextKey = (): string => `item-${String(++keySeq)}`;

export function emptyItem(type: ItemType): ItemDraft {
  return { key: nextKey(), type, date: '', amount: '', description: '', receipt: null, location: '', vehicle: '', km: '', start_date: '', start_time: '', return_date: '', return_time: '' };
}

export const emptyDraft = (accountNumber: string | null): ClaimDraft => ({
  description: '',
  account_number: accountNumber ? normalizeIban(accountNumber) : '',
  items: [],
});

/** Cents as typed: "12,50", "12". */
export function centsToTyped(cents: number): string {
  const rest = cents % 100;
  return rest === 0 ? String(cents / 100) : `${String(Math.trunc(cents / 100))},${String(rest).padStart(2, '0')}`;
}

/** 'YYYY-MM-DDTHH:MM' split into the form's date and time. */
function splitLocal(at: string | null): [string, string] {
  if (!at) return ['', ''];
  const [date = '', time = ''] = at.split('T');
  const [h = '', m = ''] = time.split(':');
  return [date ? formatFinnishDate(date) : '', h ? `${String(Number(h))}.${m}` : ''];
}

export function draftFromReply(claim: ExpenseClaimReply): ClaimDraft {
  return {
    description: claim.description,
    account_number: normalizeIban(claim.person_account_number),
    items: claim.items.map((it) => {
      const item = emptyItem(it.type);
      const [startDate, startTime] = splitLocal(it.started_at);
      const [returnDate, returnTime] = splitLocal(it.returned_at);
      return {
        ...item,
        date: it.type === 'per_diem' || !it.date ? '' : formatFinnishDate(it.date),
        amount: it.type === 'receipt' ? centsToTyped(it.amount_c) : '',
        description: it.description,
        receipt: it.receipt ? { id: it.receipt.id, url: it.receipt.url, mime: it.receipt.mime, filename: '' } : null,
        location: it.location ?? '',
        vehicle: it.vehicle ?? '',
        km: it.km ? it.km.replace('.', ',') : '',
        start_date: startDate,
        start_time: startTime,
        return_date: returnDate,
        return_time: returnTime,
      };
    }),
  };
}

/** "14.05", "14:05", "9" → "14:05", "09:00"; null when it is no time of day. */
export function parseTime(text: string): string | null {
  const m = /^(\d{1,2})(?:[.:](\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** The form's date and time as 'YYYY-MM-DDTHH:MM'; null when either cannot be read. */
export function localDateTime(date: string, time: string): string | null {
  const d = parseFinnishDate(date);
  const t = parseTime(time);
  return d && t ? `${d}T${t}` : null;
}

/** Kilometres as typed ("123,4"), or null when they are no positive number within the maximum. */
export function parseKm(text: string): string | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(?:\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 && n <= EXPENSE_KM_MAX ? t : null;
}

export interface KmPreview {
  cents: number;
  unitCents: number;
  year: number;
  source: string;
}

/** A km item's amount: kilometres × the car rate on its date; null until both can be read. */
export function kmPreview(item: Pick<ItemDraft, 'date' | 'km'>): KmPreview | null {
  const date = parseFinnishDate(item.date);
  const km = parseKm(item.km);
  if (!date || !km) return null;
  try {
    const unitCents = allowanceRatesOn(date).kmCarCents;
    return { cents: kmAmountCents(km, unitCents), unitCents, year: allowanceYearOn(date), source: allowanceSourceOn(date) };
  } catch {
    // A date before the first decision: the server answers expense_rate_unknown.
    return null;
  }
}

/** A per diem item's allowance; null until departure and return can be read and the return is later. */
export function perDiemPreview(item: Pick<ItemDraft, 'start_date' | 'start_time' | 'return_date' | 'return_time'>): PerDiemResult | null {
  const from = localDateTime(item.start_date, item.start_time);
  const to = localDateTime(item.return_date, item.return_time);
  if (!from || !to || to <= from) return null;
  try {
    return perDiemFor(from, to);
  } catch {
    return null;
  }
}

/** The item's amount as far as it can be read yet. */
export function itemCents(item: ItemDraft): number | null {
  if (item.type === 'receipt') return parseAmountCents(item.amount);
  if (item.type === 'km') return kmPreview(item)?.cents ?? null;
  const pd = perDiemPreview(item);
  return pd ? pd.cents : null;
}

export const totalCents = (draft: ClaimDraft): number => draft.items.reduce((sum, item) => sum + (itemCents(item) ?? 0), 0);

export const canAddItem = (draft: ClaimDraft): boolean => draft.items.length < EXPENSE_CLAIM_ITEMS_MAX;

/** The field key of an item's input, as the server keys item errors. */
export const itemField = (index: number, field: string): string => `items.${String(index)}.${field}`;

/** What POST expenseclaim/save gets; unreadable values go as typed so the server names the field. */
export function saveBody(d: ClaimDraft, id: number | null): SaveInput {
  const items = d.items.map((it): SaveInput['items'][number] => {
    const date = parseFinnishDate(it.date) ?? it.date;
    if (it.type === 'receipt') {
      return { type: 'receipt', date, amount: it.amount, description: it.description, receipt_id: it.receipt?.id ?? 0 };
    }
    if (it.type === 'km') {
      return { type: 'km', date, location: it.location, vehicle: it.vehicle, km: it.km, description: it.description };
    }
    return {
      type: 'per_diem',
      started_at: localDateTime(it.start_date, it.start_time) ?? `${it.start_date} ${it.start_time}`,
      returned_at: localDateTime(it.return_date, it.return_time) ?? `${it.return_date} ${it.return_time}`,
      location: it.location,
      description: it.description,
    };
  });
  return { ...(id !== null ? { id } : {}), description: d.description, account_number: compactIban(d.account_number), items };
}

const required = (value: string): boolean => value.trim() !== '';

/**
 * Checks made before a save, as message keys per field (the server makes them again):
 * the description, a valid IBAN, at least one item, and each item's fields readable.
 */
export function localErrors(d: ClaimDraft, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!required(d.description)) errors.description = '_validation_field_required';
  if (!required(d.account_number)) errors.account_number = '_validation_field_required';
  else {
    const iban = validateIban(d.account_number);
    if (iban) errors.account_number = `settings_iban_${iban}`;
  }
  if (d.items.length === 0) errors.items = 'expense_items_required';
  d.items.forEach((it, i) => {
    const f = (field: string, key: string) => {
      errors[itemField(i, field)] ??= key;
    };
    if (it.type !== 'per_diem') {
      const date = parseFinnishDate(it.date);
      if (!date) f('date', required(it.date) ? '_validation_invalid_date' : '_validation_field_required');
      else if (date > today) f('date', 'expense_date_in_future');
    }
    if (it.type === 'receipt') {
      if (!required(it.amount)) f('amount', '_validation_field_required');
      else if (!parseAmountCents(it.amount)) f('amount', 'expense_invalid_amount');
      if (!required(it.description)) f('description', '_validation_field_required');
      if (!it.receipt) f('receipt_id', 'expense_receipt_required');
    } else {
      if (!required(it.location)) f('location', '_validation_field_required');
    }
    if (it.type === 'km') {
      if (!required(it.km)) f('km', '_validation_field_required');
      else if (!parseKm(it.km)) f('km', 'expense_invalid_km');
    }
    if (it.type === 'per_diem') {
      const from = localDateTime(it.start_date, it.start_time);
      const to = localDateTime(it.return_date, it.return_time);
      if (!from) f('started_at', '_validation_invalid_date');
      else if (from.slice(0, 10) > today) f('started_at', 'expense_date_in_future');
      if (!to) f('returned_at', '_validation_invalid_date');
      else if (from && to <= from) f('returned_at', 'expense_return_before_departure');
      else if (from && perDiemPreview(it)?.days.length === 0) f('returned_at', 'expense_per_diem_too_short');
    }
  });
  return errors;
}

/** An item's fields in screen order. */
export function itemFields(type: ItemType): string[] {
  if (type === 'receipt') return ['date', 'amount', 'description', 'receipt_id'];
  if (type === 'km') return ['date', 'location', 'vehicle', 'km', 'description'];
  return ['started_at', 'returned_at', 'location', 'description'];
}

/** Form fields in screen order (the first invalid one gets focus). */
export function fieldOrder(d: ClaimDraft): string[] {
  return ['description', 'account_number', 'items', ...d.items.flatMap((it, i) => itemFields(it.type).map((f) => itemField(i, f)))];
}

/** Comparable form of a draft, for "unsaved changes" (the React keys left out). */
export const draftKey = (d: ClaimDraft): string =>
  JSON.stringify([d.description, compactIban(d.account_number), d.items.map(({ key: _key, ...rest }) => ({ ...rest, receipt: rest.receipt?.id ?? null }))]);
