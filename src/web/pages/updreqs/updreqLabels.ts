import type { TFunction } from 'i18next';
import { UPDREQ_INSTANCE_STATUSES, type UpdreqInstanceStatus } from '../../../shared/schemas/updreqs';

// Finnish words and colours of update request instance statuses.

export function instanceStatusLabel(t: TFunction, status: UpdreqInstanceStatus): string {
  switch (status) {
    case 'held':
      return t('updreqs.status_held');
    case 'queued':
      return t('updreqs.status_queued');
    case 'sending':
      return t('updreqs.status_sending');
    case 'pending':
      return t('updreqs.status_pending');
    case 'read':
      return t('updreqs.status_read');
    case 'updated':
      return t('updreqs.status_updated');
    case 'confirmed':
      return t('updreqs.status_confirmed');
    case 'bounced':
      return t('updreqs.status_bounced');
    case 'unknown':
      return t('updreqs.status_unknown');
    case 'cancelled':
      return t('updreqs.status_cancelled');
  }
}

export const INSTANCE_COLORS: Record<UpdreqInstanceStatus, string> = {
  held: 'gray',
  queued: 'gray',
  sending: 'blue',
  pending: 'blue',
  read: 'yellow',
  updated: 'green',
  confirmed: 'teal',
  bounced: 'red',
  unknown: 'orange',
  cancelled: 'gray',
};

/** Counts per instance status in the order of the statuses, leaving out the zeros. */
export function instanceCounts(statuses: Partial<Record<UpdreqInstanceStatus, number>>): { status: UpdreqInstanceStatus; count: number }[] {
  return UPDREQ_INSTANCE_STATUSES.map((status) => ({ status, count: statuses[status] ?? 0 })).filter((s) => s.count > 0);
}

let rateFormat: Intl.NumberFormat | undefined;

/** A response rate as Finnish per cent with one decimal: "33,3 %". One formatter for all rows. */
export const formatRate = (rate: number): string =>
  `${(rateFormat ??= new Intl.NumberFormat('fi-FI', { minimumFractionDigits: 0, maximumFractionDigits: 1 })).format(rate)} %`;
