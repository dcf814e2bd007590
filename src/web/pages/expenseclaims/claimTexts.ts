import type { TFunction } from 'i18next';
import { VOLUNTEER_LIMITS, type PerDiemResult } from '../../../shared/finnish/allowance';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../shared/finnish/date';
import type { ExpenseClaimStatusName } from '../../../shared/expenseclaims/status';
import type { z } from 'zod';
import type { volunteerYearReply } from '../../../shared/schemas/expenseclaims';

// Texts of the member's claim pages that are built from several parts.

/** A timestamp or ISO day as the Finnish day in Helsinki ("5.3.2026"). */
export function formatDay(at: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(at)) return formatFinnishDate(at);
  const date = new Date(at.includes('T') || at.endsWith('Z') ? at : `${at.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return at;
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  return formatFinnishDate(iso);
}

/** "5.3.2026" or "5.3.2026 – 7.3.2026"; empty without dates. */
export function dateRange(min: string | null, max: string | null): string {
  if (!min) return '';
  return !max || max === min ? formatDay(min) : `${formatDay(min)} – ${formatDay(max)}`;
}

/** 'YYYY-MM-DDTHH:MM' as "5.3.2026 klo 8.30". */
export function formatLocalDateTime(at: string, klo: string): string {
  const [date = '', time = ''] = at.split('T');
  const [h = '0', m = '00'] = time.split(':');
  return `${formatFinnishDate(date)} ${klo} ${String(Number(h))}.${m}`;
}

export const statusText = (t: TFunction, status: ExpenseClaimStatusName): string => t(`eclaimform.status.${status}`);

/** "1 kokopäiväraha, 1 osapäiväraha". */
export function perDiemDaysText(t: TFunction, full: number, partial: number): string {
  const parts: string[] = [];
  if (full > 0) parts.push(t('eclaimform.per_diem_full', { count: full }));
  if (partial > 0) parts.push(t('eclaimform.per_diem_partial', { count: partial }));
  return parts.join(', ');
}

/** "1 kokopäiväraha, 1 osapäiväraha: 79,00 €", or that a trip this short earns none. */
export function perDiemText(t: TFunction, result: PerDiemResult): string {
  if (result.days.length === 0) return t('eclaimform.per_diem_none');
  return t('eclaimform.per_diem_amount', { days: perDiemDaysText(t, result.full, result.partial), amount: formatAmount(result.cents) });
}

/** The volunteer-year warning, or null when the year stays within the tax-free limits. */
export function volunteerWarning(t: TFunction, year: z.infer<typeof volunteerYearReply> | null): string | null {
  if (!year || year.exceeded.length === 0) return null;
  const limits = year.exceeded.map((kind) =>
    kind === 'per_diem_days'
      ? t('eclaimform.volunteer_per_diem', { days: year.per_diem_days, year: year.year, limit: VOLUNTEER_LIMITS.perDiemDays })
      : t('eclaimform.volunteer_km', { amount: formatAmount(year.km_c), year: year.year, limit: formatAmount(VOLUNTEER_LIMITS.kmCents) }),
  );
  return t('eclaimform.volunteer_warning', { limits: limits.join(', '), source: VOLUNTEER_LIMITS.source });
}
