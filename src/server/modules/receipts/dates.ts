// Receipts are dated by the Helsinki calendar day of their instant (VAT rates change at
// midnight Finnish time).

const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `YYYY-MM-DD` in Europe/Helsinki of an ISO UTC instant. */
export function helsinkiDate(at: string): string {
  return day.format(new Date(at));
}
