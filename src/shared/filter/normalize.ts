import { OLDEST_DATE, parseFinnishDate, parseIsoDate } from '../finnish/date';
import { DATE_VERBS, FILTER_OR, UNARY_VERBS, VERBS, type Condition, type Filter, type Verb } from './types';

// Normalising first means the same filter always compiles to the same SQL, and the
// list, stats, bulk edit, export and messaging all see the same members.

function isoDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (parseIsoDate(s)) return s >= OLDEST_DATE ? s : null;
  return parseFinnishDate(s);
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function normalizeOne(c: Condition): Condition | null {
  if (!c || typeof c.field !== 'string' || c.field === '' || !(VERBS as readonly string[]).includes(c.verb)) return null;
  const base: Condition = { field: c.field, verb: c.verb as Verb };
  if (c.id !== undefined) base.id = c.id;
  if (c.locked) base.locked = true;
  if (c.field === FILTER_OR) {
    const inner = Array.isArray(c.value) ? normalizeFilter(c.value as Condition[]).filter((x) => x.field !== FILTER_OR) : [];
    return inner.length > 0 ? { ...base, verb: 'or', value: inner } : null;
  }
  if (c.verb === 'or') return null;
  if (UNARY_VERBS.has(c.verb)) return base;
  if (DATE_VERBS.has(c.verb)) {
    if (c.verb === 'between') {
      const [from, to] = Array.isArray(c.value) ? c.value : [];
      const a = isoDate(from);
      const b = isoDate(to);
      return a && b ? { ...base, value: a <= b ? [a, b] : [b, a] } : null;
    }
    const d = isoDate(c.value);
    return d ? { ...base, value: d } : null;
  }
  if (isEmpty(c.value)) return null;
  const value = typeof c.value === 'string' ? c.value.trim() : c.value;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  return { ...base, value };
}

/** Drops empty values, invalid or null dates, values of unary verbs, unknown verbs and empty OR groups. */
export function normalizeFilter(filter: unknown): Filter {
  if (!Array.isArray(filter)) return [];
  return filter.map((c) => normalizeOne(c as Condition)).filter((c): c is Condition => c !== null);
}

/** Filters travel in URLs as JSON (as in /members/bulkedit/{filter}). */
export function filterToParam(filter: Filter): string {
  return encodeURIComponent(JSON.stringify(filter));
}

export function filterFromParam(param: string | undefined): Filter {
  if (!param) return [];
  try {
    return normalizeFilter(JSON.parse(decodeURIComponent(param)));
  } catch {
    return [];
  }
}
