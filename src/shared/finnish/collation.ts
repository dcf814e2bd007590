// Finnish alphabetical order as a sort key: a string whose plain code-point (byte) order
// is the order ICU's `fi` collation gives names, for databases that cannot collate in
// Finnish (SQLite; PostgreSQL built without ICU). Like ICU it compares in three levels:
// letters first (case and accents ignored; Å, Ä, Ö after Z; spaces and punctuation before
// letters, so "de la Cruz" files under D), then accents (e before é), then case (lower
// first). Finnish specifics: Æ sorts as Ä, Ø as Ö, Ü as Y; W is its own letter after V.
//
// Every character maps to one weight per level (no expansions), so the same table can run
// as a PostgreSQL function (see migration 017's fallback) and give identical keys.

const LEVEL_SEPARATOR = '\u0001';
const PLAIN = '\u0002';

// Spaces and punctuation in ICU's order, all before digits and letters.
const PUNCTUATION = ' \u00a0_-\u2010\u2013,;:!?.\'\u2019"()[]{}@*/\\&#%`\u00b4^+<=>|~$';
// Accents in ICU's secondary order; a letter without one weighs PLAIN.
const MARKS = ['\u0301', '\u0300', '\u0306', '\u0302', '\u030C', '\u030A', '\u0308', '\u030B', '\u0303', '\u0307', '\u0327', '\u0328', '\u0304'];
/** Letters that are variants of another letter in Finnish order but no accented form of it. */
const VARIANTS: Record<string, string> = { æ: 'ä', ø: 'ö', ü: 'y', ð: 'd', đ: 'd', ł: 'l', ß: 's' };
/** The Finnish letters after Z, as the characters after 'z'. */
const AFTER_Z: Record<string, string> = { å: '{', ä: '|', ö: '}' };

interface Weights {
  p: string;
  s: string;
  t: string;
}

function weightsOf(ch: string): Weights | null {
  const punct = PUNCTUATION.indexOf(ch);
  // Two spaces weigh the same at the first level (no-break space differs at the third).
  if (punct >= 0) return { p: String.fromCharCode(0x03 + Math.max(0, punct - 1)), s: PLAIN, t: punct === 1 ? '\u0003' : PLAIN };
  if (/[0-9]/.test(ch)) return { p: ch, s: PLAIN, t: PLAIN };
  const lower = ch.toLowerCase();
  const upper = ch !== lower;
  if (lower.length !== 1) return null;
  const t = upper ? '\u0003' : PLAIN;
  if (AFTER_Z[lower]) return { p: AFTER_Z[lower], s: PLAIN, t };
  if (VARIANTS[lower]) {
    const base = VARIANTS[lower];
    return { p: AFTER_Z[base] ?? base, s: lower === 'ü' ? String.fromCharCode(0x03 + MARKS.indexOf('\u0308')) : '\u0020', t };
  }
  const [base = '', ...marks] = lower.normalize('NFD');
  if (!/^[a-z]$/.test(base)) return null;
  if (marks.length === 0) return { p: base, s: PLAIN, t };
  if (marks.length !== 1 || !MARKS.includes(marks[0]!)) return null;
  return { p: base, s: String.fromCharCode(0x03 + MARKS.indexOf(marks[0]!)), t };
}

/** The characters with their own weights: ASCII and Latin-1/Latin Extended-A. Others weigh as themselves. */
function buildTable(): { chars: string; p: string; s: string; t: string } {
  let chars = '';
  let p = '';
  let s = '';
  let t = '';
  const add = (ch: string) => {
    const w = weightsOf(ch);
    if (!w || chars.includes(ch)) return;
    chars += ch;
    p += w.p;
    s += w.s;
    t += w.t;
  };
  for (const ch of PUNCTUATION) add(ch);
  for (let cp = 0x20; cp < 0x7f; cp++) add(String.fromCharCode(cp));
  for (let cp = 0xc0; cp < 0x180; cp++) add(String.fromCharCode(cp));
  return { chars, p, s, t };
}

/** The weight table as four equally long strings: character, and its weight on each level. */
export const FINNISH_SORT_TABLE = buildTable();

const byChar = new Map<string, Weights>();
for (let i = 0; i < FINNISH_SORT_TABLE.chars.length; i++) {
  byChar.set(FINNISH_SORT_TABLE.chars[i]!, { p: FINNISH_SORT_TABLE.p[i]!, s: FINNISH_SORT_TABLE.s[i]!, t: FINNISH_SORT_TABLE.t[i]! });
}

/**
 * The sort key of a name: comparing keys as plain strings (SQLite's BINARY, PostgreSQL's
 * "C") orders names as a Finnish reader expects. Text is NFC-normalised first.
 */
export function finnishSortKey(text: string): string {
  let p = '';
  let s = '';
  let t = '';
  // Per character, as the PostgreSQL twin goes: both let characters outside the table
  // (everything beyond U+017F) weigh as themselves.
  for (const ch of text.normalize('NFC')) {
    const w = byChar.get(ch);
    p += w ? w.p : ch;
    s += w ? w.s : PLAIN;
    t += w ? w.t : PLAIN;
  }
  return p + LEVEL_SEPARATOR + s + LEVEL_SEPARATOR + t;
}

/**
 * The primary level of a text's sort key: every name whose key starts with it begins with the
 * text, case and accents aside ("vir" → Virtanen, VIRTA, Vírsu), so they lie together in name order.
 */
export function primarySortPrefix(text: string): string {
  return finnishSortKey(text).split(LEVEL_SEPARATOR)[0]!;
}
