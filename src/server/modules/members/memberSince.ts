const HELSINKI_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * "Jäsen alkaen" of a member added or approved at `at` (ISO instant): that day in Helsinki,
 * as YYYY-MM-DD (en-CA formats dates that way). See migration 012 and README "Member number
 * and member since".
 */
export function memberSinceAt(at: string): string {
  return HELSINKI_DAY.format(new Date(at));
}
