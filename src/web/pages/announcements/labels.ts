import type { TFunction } from 'i18next';
import type { MessageMedia } from '../../../shared/messages/media';
import { DELIVERY_STATUSES, type DeliveryStatusName, type MESSAGE_STATUSES } from '../../../shared/schemas/messages';

// Finnish words for media, message and delivery statuses, shared by the announcement pages.

export function mediaLabel(t: TFunction, media: MessageMedia): string {
  switch (media) {
    case 'email':
      return t('announcements.media_email');
    case 'sms':
      return t('announcements.media_sms');
    case 'letter':
      return t('announcements.media_letter');
    case 'pdf':
      return t('announcements.media_pdf');
  }
}

export function messageStatusLabel(t: TFunction, status: (typeof MESSAGE_STATUSES)[number]): string {
  switch (status) {
    case 'draft':
      return t('announcements.status_draft');
    case 'paying':
      return t('announcements.status_paying');
    case 'sent':
      return t('announcements.status_sent');
    case 'cancelled':
      return t('announcements.status_cancelled');
  }
}

export function deliveryStatusLabel(t: TFunction, status: DeliveryStatusName): string {
  switch (status) {
    case 'held':
      return t('announcements.delivery_held');
    case 'queued':
      return t('announcements.delivery_queued');
    case 'sending':
      return t('announcements.delivery_sending');
    case 'sent':
      return t('announcements.delivery_sent');
    case 'unknown':
      return t('announcements.delivery_unknown');
    case 'read':
      return t('announcements.delivery_read');
    case 'bounced':
      return t('announcements.delivery_bounced');
    case 'cancelled':
      return t('announcements.delivery_cancelled');
    case 'confirmed':
      return t('announcements.delivery_confirmed');
  }
}

/** Counts per delivery status, in the order of the statuses, leaving out the zeros. */
export function statusCounts(statuses: Partial<Record<DeliveryStatusName, number>>): { status: DeliveryStatusName; count: number }[] {
  return DELIVERY_STATUSES.map((status) => ({ status, count: statuses[status] ?? 0 })).filter((s) => s.count > 0);
}

export const DELIVERY_COLORS: Record<DeliveryStatusName, string> = {
  held: 'gray',
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  unknown: 'yellow',
  read: 'teal',
  bounced: 'red',
  cancelled: 'gray',
  confirmed: 'teal',
};
