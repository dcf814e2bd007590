import { RETENTION_INACTIVE_YEARS, RETENTION_REMOVED_MONTHS } from '../../../shared/schemas/settings';

// Retention is off ("never", 0) until a site admin chooses otherwise: an association that
// upgrades must not find its removed members deleted overnight.

export interface RetentionSettings {
  retention_removed_months: number;
  retention_inactive_years: number;
}

const pick = (v: unknown, allowed: readonly number[]): number => (typeof v === 'number' && allowed.includes(v) ? v : 0);

/** The stored retention settings (settings rows), with "never" where unset. */
export function retentionReply(s: Record<string, unknown>): RetentionSettings {
  return {
    retention_removed_months: pick(s.retention_removed_months, RETENTION_REMOVED_MONTHS),
    retention_inactive_years: pick(s.retention_inactive_years, RETENTION_INACTIVE_YEARS),
  };
}
