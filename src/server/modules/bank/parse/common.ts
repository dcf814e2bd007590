import { BANK_MAX_PAYMENTS } from '../../../../shared/constants';
import { StatementError, type ParsedPayment } from '../types';

// What the camt and KTL readers share: exact cents from decimal text, compact references,
// the payment cap.

/** "12.3" / "12.30" / "12.300" → 1230; null for anything that is not a plain decimal in cents. */
export function centsOf(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  // Digits past the cents must be zeros: a payment is never a fraction of a cent.
  if (frac.length > 2 && /[^0]/.test(frac.slice(2))) return null;
  return Number(m[1]) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
}

/** Spaces removed; RF upper-cased; '' and all-zero national references are none. */
export function compactRef(raw: string): string | null {
  const c = raw.replace(/\s+/g, '');
  if (c === '') return null;
  if (/^rf/i.test(c)) return c.toUpperCase();
  if (/^0+$/.test(c)) return null;
  return c;
}

/** The IBAN of a 14-digit Finnish account in machine form (the KTL account field). */
export function finnishIbanOf(bban: string): string {
  // ISO 7064 mod 97-10 over BBAN + "FI00" with letters as numbers (F=15, I=18).
  let rem = 0;
  for (const ch of `${bban}151800`) rem = (rem * 10 + Number(ch)) % 97;
  return `FI${String(98 - rem).padStart(2, '0')}${bban}`;
}

export function pushPayment(into: ParsedPayment[], p: ParsedPayment): void {
  if (into.length >= BANK_MAX_PAYMENTS) throw new StatementError('bank_file_too_many_payments', { max: String(BANK_MAX_PAYMENTS) });
  into.push(p);
}

/** YYYY-MM-DD of an ISO date or date-time, if it is a real calendar day. */
export function isoDay(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === `${m[1]}-${m[2]}-${m[3]}` ? d.toISOString().slice(0, 10) : null;
}
