import type { Duplicate } from '../../api/applications';

// Texts of the applications queue: dates as d.M.yyyy in
// Europe/Helsinki, and the embed snippet for the association's own website.

const HELSINKI = 'Europe/Helsinki';

/** An ISO timestamp (UTC) as the Helsinki calendar day "5.3.2026"; unreadable input is returned as is. */
export function formatHelsinkiDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: HELSINKI, day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => String(Number(parts.find((p) => p.type === type)?.value ?? ''));
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/** The `<iframe>` an association pastes on its website; `title` names the frame for screen readers. */
export function embedSnippet(origin: string, applyPath: string, title: string): string {
  const src = `${origin}${applyPath}?embed=1`;
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${src}" title="${safeTitle}" style="width:100%;min-height:900px;border:0"></iframe>`;
}

/** Order of duplicate reasons, strongest first: one email is one person. */
const REASON_ORDER: Record<Duplicate['reason'], number> = { email: 0, phone: 1, name_birthdate: 2 };

export function sortDuplicates(duplicates: readonly Duplicate[]): Duplicate[] {
  return [...duplicates].sort((a, b) => REASON_ORDER[a.reason] - REASON_ORDER[b.reason] || a.fullname_.localeCompare(b.fullname_, 'fi'));
}
