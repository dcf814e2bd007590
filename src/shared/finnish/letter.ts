// Printed letters: the print service takes Latin-1 text plus a handful of
// typographic characters that word processors insert on their own.

const EXTRA_PRINTABLE: ReadonlySet<string> = new Set('€–—‘’“”„…•');

/**
 * Latin-1 printable characters (U+0020–U+007E, U+00A0–U+00FF), tab and line
 * breaks, and the extras. Control characters are excluded although Latin-1
 * contains them: they print as nothing or as garbage.
 */
function isPrintable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\t' || ch === '\n' || ch === '\r') return true;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return true;
  return EXTRA_PRINTABLE.has(ch);
}

/** Characters a printed letter cannot carry, each once, in order of appearance. */
export function letterUnsupportedChars(text: string): string[] {
  const found: string[] = [];
  for (const ch of text) {
    if (!isPrintable(ch) && !found.includes(ch)) found.push(ch);
  }
  return found;
}

/** Finnish postal code: exactly five digits. */
export function isValidPostalCode(code: string): boolean {
  return /^\d{5}$/.test(code);
}
