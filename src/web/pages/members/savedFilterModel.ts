import { normalizeFilter } from '../../../shared/filter/normalize';
import type { Condition, Filter } from '../../../shared/filter/types';

// Which saved filter the filter in force is, if any: compared by meaning,
// ignoring the editor's row ids and the "locked" mark, which say nothing about members.

function bare(c: Condition): Condition {
  const out: Condition = { field: c.field, verb: c.verb };
  if (c.value !== undefined) out.value = Array.isArray(c.value) && c.verb === 'or' ? (c.value as Condition[]).map(bare) : c.value;
  return out;
}

export const meaningKey = (filter: Filter): string => JSON.stringify(normalizeFilter(filter).map(bare));

export function matchingSaved<T extends { filter: Filter }>(saved: readonly T[], filter: Filter): T | undefined {
  if (filter.length === 0) return undefined;
  const key = meaningKey(filter);
  return saved.find((s) => meaningKey(s.filter) === key);
}
