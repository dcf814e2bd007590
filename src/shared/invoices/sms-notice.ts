import { formatAmount } from '../finnish/amount';
import { formatFinnishDate } from '../finnish/date';
import { normalizeIban } from '../finnish/iban';
import { formatReference } from '../finnish/reference';
import { formatRfReference } from '../finnish/rf-reference';

// The SMS notice that may go beside an invoice: who, how much, by when, to which account
// with which reference. Preview prices it and the outbox sends it, from this one text.

export interface SmsNoticeInput {
  association: string;
  subject: string;
  amount_c: number;
  date_due: string;
  reference: string;
  iban: string;
  /** A reminder says so. */
  reminder?: boolean;
}

export const formatAnyReference = (ref: string): string => (/^RF/i.test(ref) ? formatRfReference(ref) : formatReference(ref));

export function smsNoticeText(i: SmsNoticeInput): string {
  const what = i.reminder ? 'Maksumuistutus' : 'Lasku';
  return `${i.association}: ${what} "${i.subject}" ${formatAmount(i.amount_c)}, eräpäivä ${formatFinnishDate(i.date_due)}. Tili ${normalizeIban(i.iban)}, viite ${formatAnyReference(i.reference)}.`;
}
