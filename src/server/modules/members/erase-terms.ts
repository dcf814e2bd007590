// What identifies an erased person in free text and stored JSON (GDPR Art. 17):
// their email addresses, phone and full name anywhere in a value, and a first or last
// name on its own only when no remaining member carries it (a filter "lastname =
// Virtanen" names many people and stays; "lastname = Quixwell" named this one).

export const REDACTED = '[poistettu]';

export interface ErasedPerson {
  id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  email_porg1: string | null;
  email_porg2: string | null;
  phone: string | null;
}

export interface Terms {
  /** Lower-case substrings that are redacted wherever they appear. */
  contains: string[];
  /** Lower-case whole values redacted when a value is exactly one of them. */
  exact: string[];
}

const lc = (s: string | null | undefined): string => (s ?? '').trim().toLowerCase();

/** A Finnish E.164 mobile also as typed nationally (+358401234567 → 0401234567). */
function phoneForms(phone: string | null): string[] {
  if (!phone) return [];
  return phone.startsWith('+358') ? [phone, `0${phone.slice(4)}`] : [phone];
}

export function termsOf(people: readonly ErasedPerson[], namesStillInUse: ReadonlySet<string>): Terms {
  const contains = new Set<string>();
  const exact = new Set<string>();
  for (const p of people) {
    for (const e of [p.email, p.email_porg1, p.email_porg2]) if (lc(e).length >= 3) contains.add(lc(e));
    for (const ph of phoneForms(p.phone)) contains.add(lc(ph));
    const first = lc(p.firstname);
    const last = lc(p.lastname);
    if (first && last) {
      contains.add(`${first} ${last}`);
      contains.add(`${last} ${first}`);
    }
    for (const n of [first, last]) if (n.length >= 2 && !namesStillInUse.has(n)) exact.add(n);
  }
  return { contains: [...contains], exact: [...exact] };
}

export const hasTerms = (t: Terms): boolean => t.contains.length + t.exact.length > 0;

/** Every term lower-cased, for a coarse SQL pre-selection (`lower(col) like %term%`). */
export const allTerms = (t: Terms): string[] => [...t.contains, ...t.exact];

function replaceAll(text: string, term: string): string {
  let out = '';
  let from = 0;
  const lower = text.toLowerCase();
  // toLowerCase keeps the length for the letters names and addresses use (ä, ö, å…).
  if (lower.length !== text.length) return lower.includes(term) ? REDACTED : text;
  for (let i = lower.indexOf(term); i >= 0; i = lower.indexOf(term, from)) {
    out += text.slice(from, i) + REDACTED;
    from = i + term.length;
  }
  return out + text.slice(from);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The name as a word of its own, in any case. Finnish inflects names (Virtasen, Virtaselle),
 * so a name of four letters or more takes its endings with it; a shorter one must stand alone.
 */
const wordRe = (name: string, flags = 'iu') =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name)}${name.length >= 4 ? '\\p{L}*' : ''}(?![\\p{L}\\p{N}])`, flags);

/** The text with every identifying part replaced by REDACTED. */
export function redactText(text: string, t: Terms): string {
  if (t.exact.includes(lc(text))) return REDACTED;
  let out = text;
  for (const term of t.contains) out = replaceAll(out, term);
  for (const name of t.exact) if (name.length >= 3) out = out.replace(wordRe(name, 'giu'), REDACTED);
  return out;
}

/** A copy of a JSON value with every string redacted. */
export function redactValue(v: unknown, t: Terms): unknown {
  if (typeof v === 'string') return redactText(v, t);
  if (Array.isArray(v)) return v.map((x) => redactValue(x, t));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redactValue(x, t)]));
  return v;
}

/** Redacted JSON text, or null when nothing in it named the person. */
export function redactJson(text: string, t: Terms): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const plain = redactText(text, t);
    return plain === text ? null : plain;
  }
  const next = JSON.stringify(redactValue(parsed, t));
  return next === JSON.stringify(parsed) ? null : next;
}

/** Whether free text (a file, a mail) names the person. */
export function mentions(text: string, t: Terms, wholeWords = false): boolean {
  const lower = text.toLowerCase();
  if (t.contains.some((c) => lower.includes(c))) return true;
  return wholeWords && t.exact.some((n) => wordRe(n).test(lower));
}
