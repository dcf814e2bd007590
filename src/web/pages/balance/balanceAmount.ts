import { parseAmountCents } from '../../../shared/finnish/amount';

/** The typed amount as the input shows it: "50" or "75,50" (comma decimals, no euro sign). */
export function amountInputText(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(euros) : `${String(euros)},${String(rest).padStart(2, '0')}`;
}

/** Client-side check of a typed purchase: a message key, or null when the server may decide. */
export function balanceAmountError(typed: string, minCents: number): string | null {
  if (typed.trim() === '') return '_validation_field_required';
  const cents = parseAmountCents(typed);
  if (cents === null) return 'balance_amount_invalid';
  if (cents < minCents) return 'balance_amount_too_small';
  return null;
}

/** Emails in a referral list as the server reads them: by line or comma, blanks dropped. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
