import { parseIsoDate, toIsoDate } from '../../../shared/finnish/date';

// Calendar days of the log's date filter are Helsinki days (spec: times in Europe/Helsinki);
// rows store UTC instants. Midnight always exists in Helsinki (clocks change at 3 and 4 a.m.).

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** Helsinki's offset from UTC at instant `t` (ms), e.g. 2 h in winter, 3 h in summer. */
function offsetAt(t: number): number {
  const p: Record<string, number> = {};
  for (const { type, value } of parts.formatToParts(new Date(t))) p[type] = Number(value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

/** The UTC instant (ISO) at which the Helsinki day `YYYY-MM-DD` begins. */
export function helsinkiDayStart(day: string): string {
  const d = parseIsoDate(day);
  if (!d) throw new RangeError(`Not an ISO date: ${day}`);
  const wallMidnight = Date.UTC(d.year, d.month - 1, d.day);
  // The offset an hour or so before midnight is the offset at midnight: no change happens then.
  const guess = wallMidnight - offsetAt(wallMidnight);
  return new Date(wallMidnight - offsetAt(guess)).toISOString();
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const d = parseIsoDate(day);
  if (!d) throw new RangeError(`Not an ISO date: ${day}`);
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return toIsoDate({ year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() });
}
