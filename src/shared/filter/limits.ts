import { FILTER_MAX_CONDITIONS, FILTER_MAX_DEPTH, FILTER_VALUE_MAX_CHARS } from '../constants';

// Bounds a filter before it is normalised or compiled: a filter of thousands
// of conditions or megabyte values would make one association's query stall the others.

export type FilterLimitKey = 'filter_too_many_conditions' | 'filter_value_too_long' | 'filter_too_deep';

/** Conditions the editor and the API count: every condition, an OR-group and those inside it. */
export function countConditions(filter: unknown): number {
  if (!Array.isArray(filter)) return 0;
  let n = 0;
  for (const c of filter) {
    n += 1;
    const v = (c as { value?: unknown } | null)?.value;
    if (Array.isArray(v) && v.some((x) => x !== null && typeof x === 'object')) n += countConditions(v);
  }
  return n;
}

/** The message key of the first limit the raw (not yet normalised) filter breaks, or null. */
export function filterLimitError(raw: unknown): FilterLimitKey | null {
  let conditions = 0;
  let tooLong = false;
  // Iterative, so a hostile nesting cannot overflow the stack before it is refused.
  const stack: { v: unknown; depth: number; inList: boolean }[] = [{ v: raw, depth: 1, inList: true }];
  while (stack.length > 0) {
    const { v, depth, inList } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > FILTER_VALUE_MAX_CHARS) tooLong = true;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > FILTER_MAX_DEPTH) return 'filter_too_deep';
    if (Array.isArray(v)) {
      for (const x of v) {
        // Objects in a list of conditions are conditions (top level, or an OR-group's value).
        if (inList && x !== null && typeof x === 'object' && !Array.isArray(x)) conditions += 1;
        stack.push({ v: x, depth: depth + 1, inList: false });
      }
    } else {
      for (const [k, x] of Object.entries(v)) stack.push({ v: x, depth: depth + 1, inList: k === 'value' });
    }
    if (conditions > FILTER_MAX_CONDITIONS) return 'filter_too_many_conditions';
  }
  return tooLong ? 'filter_value_too_long' : null;
}
