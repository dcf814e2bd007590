import type { TFunction } from 'i18next';
import { formatAmount } from '../../shared/finnish/amount';
import { formatNumber } from '../i18n/numbers';
import type { PaymentRowType } from '../../shared/schemas/messages';

// How a message's price rows read in preview and on the payment page.

/** A price row as the user reads it: "120 × 0,08 €", the count in Finnish like the amount. */
export function priceRowText(row: { count: number; unit_cents: number }): string {
  return `${formatNumber(row.count, 'fi')} × ${formatAmount(row.unit_cents)}`;
}

export function priceRowLabel(t: TFunction, type: PaymentRowType): string {
  switch (type) {
    case 'email':
      return t('announcements.price_email');
    case 'sms_part':
      return t('announcements.price_sms_part');
    case 'letter_first_page':
      return t('announcements.price_letter_first_page');
    case 'letter_extra_page':
      return t('announcements.price_letter_extra_page');
    case 'pdf':
      return t('announcements.price_pdf');
    case 'balance':
      return t('mooney.price_balance');
  }
}
