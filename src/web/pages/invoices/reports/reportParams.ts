import { useSearchParams } from 'react-router';
import { parseIsoDate } from '../../../../shared/finnish/date';
import { REPORT_FIRST_YEAR } from '../../../../shared/schemas/invoices';
import type { Period } from '../../../api/invoiceReports';

// The reports' period in the address (?from=…&to=…, ISO days), its defaults, and the page.

const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Finland, YYYY-MM-DD. */
export const helsinkiToday = (): string => day.format(new Date());

export const yearPeriod = (year: number): Period => ({ from: `${String(year)}-01-01`, to: `${String(year)}-12-31` });

/** Years the period picker offers: this year back to REPORT_FIRST_YEAR. */
export function reportYears(today: string): number[] {
  const out: number[] = [];
  for (let y = Number(today.slice(0, 4)); y >= REPORT_FIRST_YEAR; y--) out.push(y);
  return out;
}

/** The year a period covers exactly, or null for any other period. */
export function yearOf(p: Period): number | null {
  const y = Number(p.from.slice(0, 4));
  return p.from === `${p.from.slice(0, 4)}-01-01` && p.to === `${p.from.slice(0, 4)}-12-31` && y >= REPORT_FIRST_YEAR ? y : null;
}

const isoOr = (value: string | null, fallback: string) => (value && parseIsoDate(value) ? value : fallback);

/** The period of the address, defaulting to this year (or to today), and a setter that also goes back to page 1. */
export function usePeriodParams(fallback: 'year' | 'today'): { period: Period; page: number; setPeriod(p: Period): void; setPage(page: number): void; params: URLSearchParams } {
  const [params, setParams] = useSearchParams();
  const today = helsinkiToday();
  const def = fallback === 'year' ? yearPeriod(Number(today.slice(0, 4))) : { from: today, to: today };
  const period = { from: isoOr(params.get('from'), def.from), to: isoOr(params.get('to'), def.to) };
  const page = Math.max(0, Number(params.get('sivu') ?? '1') - 1) || 0;
  return {
    period,
    page,
    params,
    setPeriod: (p) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('from', p.from);
        next.set('to', p.to);
        next.delete('sivu');
        return next;
      }),
    setPage: (value) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === 1) next.delete('sivu');
          else next.set('sivu', String(value));
          return next;
        },
        { preventScrollReset: true },
      ),
  };
}
