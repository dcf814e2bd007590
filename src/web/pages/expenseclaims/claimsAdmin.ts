import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { expenseClaimReply, expenseClaimStatus, volunteerYearReply } from '../../../shared/schemas/expenseclaims';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { VOLUNTEER_LIMITS } from '../../../shared/finnish/allowance';
import { expenseClaimPdfPath } from '../../paths';

// Pure helpers of the treasurer's expense claim pages: labels, the text of an item, totals
// per status as "count, sum", the volunteer-year warning lines and the printout links.

export type ClaimStatus = z.infer<typeof expenseClaimStatus>;
type Item = z.infer<typeof expenseClaimReply>['items'][number];
type Event = z.infer<typeof expenseClaimReply>['events'][number];

export const STATUS_COLOR: Record<ClaimStatus, string> = { pending: 'yellow', accepted: 'blue', rejected: 'red', paid: 'green' };

export const statusLabel = (t: TFunction, s: ClaimStatus | string): string => t(`eclaimadmin.status.${s as ClaimStatus}`);
export const itemTypeLabel = (t: TFunction, type: Item['type']): string => t(`eclaimadmin.type.${type}`);

/** What an item row says beside its type: route, vehicle, km × price, per diems, description. */
export function itemDetails(t: TFunction, i: Item): string {
  const parts: string[] = [];
  if (i.type === 'km') {
    parts.push([i.location, i.vehicle].filter((s) => s).join(', '));
    parts.push(t('eclaimadmin.km_times', { km: (i.km ?? '').replace('.', ','), price: formatAmount(i.km_price_c ?? 0) }));
  } else if (i.type === 'per_diem') {
    if (i.location) parts.push(i.location);
    if (i.started_at && i.returned_at) parts.push(`${localDateTime(t, i.started_at)} – ${localDateTime(t, i.returned_at)}`);
    const days: string[] = [];
    if (i.per_diem_full) days.push(t('eclaimadmin.per_diem_full', { count: i.per_diem_full }));
    if (i.per_diem_partial) days.push(t('eclaimadmin.per_diem_partial', { count: i.per_diem_partial }));
    if (days.length > 0) parts.push(days.join(', '));
  }
  if (i.description) parts.push(i.description);
  return parts.filter((s) => s).join(' · ');
}

/** 'YYYY-MM-DDTHH:MM' (as typed, local) as "5.3.2026 klo 08.00". */
export function localDateTime(t: TFunction, at: string): string {
  return `${formatFinnishDate(at.slice(0, 10))} ${t('log.klo')} ${at.slice(11, 13)}.${at.slice(14, 16)}`;
}

/** The batch YYYYMMDDHHMMSS as its date, "5.3.2026". */
export function batchDate(batch: string): string {
  return /^\d{8}/.test(batch) ? formatFinnishDate(`${batch.slice(0, 4)}-${batch.slice(4, 6)}-${batch.slice(6, 8)}`) : batch;
}

/** "2 kpl · 34,50 €", or "–" when there are none. */
export function countAndSum(t: TFunction, counts: Partial<Record<ClaimStatus, number>>, totals: Partial<Record<ClaimStatus, number>>, s: ClaimStatus): string {
  const n = counts[s] ?? 0;
  return n === 0 ? '–' : t('eclaimadmin.count_sum', { count: n, sum: formatAmount(totals[s] ?? 0) });
}

/** The warning lines of a claimant's year that exceeds the tax-free volunteer limits (none when within them). */
export function volunteerWarnings(t: TFunction, y: z.infer<typeof volunteerYearReply> | null): string[] {
  if (!y) return [];
  const out: string[] = [];
  if (y.exceeded.includes('per_diem_days')) out.push(t('eclaimadmin.volunteer_per_diem', { year: y.year, days: y.per_diem_days, limit: VOLUNTEER_LIMITS.perDiemDays }));
  if (y.exceeded.includes('km_amount')) out.push(t('eclaimadmin.volunteer_km', { year: y.year, sum: formatAmount(y.km_c), limit: formatAmount(VOLUNTEER_LIMITS.kmCents) }));
  return out;
}

/** Printout of a batch (paid) or of the claims now in a status (the timestamp only defeats caches). */
export function printoutHref(personId: number, account: string, status: ClaimStatus, batch?: string | null, now: number = Date.now()): string {
  return expenseClaimPdfPath(personId, account, status, status === 'paid' && batch ? batch : String(Math.floor(now / 1000)));
}

/** What an event line says: "Hyväksytty", "Kommentti", "Hakemus jätetty". */
export function eventTitle(t: TFunction, e: Event): string {
  if (e.kind === 'status') return t('eclaimadmin.event_status', { from: e.from_status ? statusLabel(t, e.from_status) : '–', to: e.to_status ? statusLabel(t, e.to_status) : '–' });
  return t(`eclaimadmin.event_${e.kind}`);
}
