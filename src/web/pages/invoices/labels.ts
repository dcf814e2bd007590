import type { TFunction } from 'i18next';
import type { InvoiceActionType, InvoiceStatus } from '../../../shared/invoices/status';
import type { InvoiceMedia } from '../../../shared/schemas/invoices';

// Finnish words for invoice statuses, actions and media, shared by the invoice pages.

const STATUS_KEYS = {
  not_sent: 'invoices.status_not_sent',
  queued: 'invoices.status_queued',
  pending: 'invoices.status_pending',
  overdue: 'invoices.status_overdue',
  paid: 'invoices.status_paid',
  underpaid: 'invoices.status_underpaid',
  overpaid: 'invoices.status_overpaid',
  cancelled: 'invoices.status_cancelled',
  credited: 'invoices.status_credited',
  partially_credited: 'invoices.status_partially_credited',
  credit_invoice: 'invoices.status_credit_invoice',
  combosettled: 'invoices.status_combosettled',
  bounced: 'invoices.status_bounced',
} as const satisfies Record<InvoiceStatus, string>;

export const statusLabel = (t: TFunction, status: InvoiceStatus): string => t(STATUS_KEYS[status]);

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  not_sent: 'gray',
  queued: 'gray',
  pending: 'blue',
  overdue: 'red',
  paid: 'green',
  underpaid: 'orange',
  overpaid: 'grape',
  cancelled: 'gray',
  credited: 'teal',
  partially_credited: 'teal',
  credit_invoice: 'teal',
  combosettled: 'green',
  bounced: 'red',
};

const ACTION_KEYS = {
  mark_paid: 'invoices.action_mark_paid',
  mark_paid_cancel: 'invoices.action_mark_paid_cancel',
  mark_pending: 'invoices.action_mark_pending',
  mark_cancelled: 'invoices.action_mark_cancelled',
  sync_payment: 'invoices.action_sync_payment',
  manual_payment: 'invoices.action_manual_payment',
  credit: 'invoices.action_credit',
  reminder: 'invoices.action_reminder',
} as const satisfies Record<InvoiceActionType, string>;

export const actionLabel = (t: TFunction, type: InvoiceActionType): string => t(ACTION_KEYS[type]);

export function invoiceMediaLabel(t: TFunction, media: InvoiceMedia): string {
  switch (media) {
    case 'email':
      return t('invoices.media_email');
    case 'letter':
      return t('invoices.media_letter');
    case 'pdf':
      return t('invoices.media_pdf');
  }
}

export function sendStatusLabel(t: TFunction, status: 'draft' | 'paying' | 'sent' | 'cancelled'): string {
  switch (status) {
    case 'draft':
      return t('invoices.send_draft');
    case 'paying':
      return t('invoices.send_paying');
    case 'sent':
      return t('invoices.send_sent');
    case 'cancelled':
      return t('invoices.send_cancelled');
  }
}

/** "25,5 %" */
export const vatLabel = (percent: number): string => `${String(percent).replace('.', ',')} %`;
