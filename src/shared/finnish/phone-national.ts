// The Finnish half of formatting a stored number, without the phone number library: the
// member list shows it at once and loads the library (about 55 kB gzipped) only for foreign
// numbers (src/web/pages/members/phoneDisplay.ts).

/** A stored Finnish mobile as people write it ("+358401234567" → "040 123 4567"); null for any other number. */
export function formatFinnishNational(e164: string): string | null {
  const m = /^\+358(\d{2})(\d{3})(\d{2,5})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : null;
}
