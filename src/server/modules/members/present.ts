import type { Member } from '../../db/schema';
import type { Field, StoredValue } from '../../../shared/fields/types';
import { valueToText } from '../../../shared/fields/values';
import { formatFinnishMobile } from '../../../shared/finnish';
import type { RecordedOutcome } from '../../../shared/members/upToDateness';
import { columnSpec, presentedNames, valuesByMember } from './columns';
import { foldForSearch } from '../../../shared/search';
import type { MemberBody } from '../../../shared/schemas/members';
import type { MemberModel } from './model';
import type { ValueRow } from './repo';

// Rows → API JSON. Password hashes and internal columns never leave through here: a member
// is presented with exactly the names of columns.ts.

export { fullname } from './columns';

/** `recorded`: what messaging recorded for the member (contacts/outcomes.ts), behind `uptodate_`. */
export function presentMember(m: Member, values: ValueRow[], groupIds: ReadonlySet<number>, model: MemberModel, recorded: readonly RecordedOutcome[] = []): MemberBody {
  const src = { m, values: valuesByMember(values).get(m.id), groupIds, recorded };
  const body: MemberBody = {};
  for (const name of presentedNames(model)) body[name] = columnSpec(model, name)?.get(src);
  return body;
}

/** The member columns quick search matches on (searchTextOf). */
export const SEARCHED_COLUMNS = ['firstname', 'lastname', 'email', 'email_porg1', 'email_porg2', 'phone', 'address_street', 'address_zip', 'address_city'] as const;
/** Field types whose values are part of the quick-search text. */
export const SEARCHED_TYPES: readonly string[] = ['text', 'textarea', 'email', 'dropdown', 'integer', 'decimal'];

/** What quick search matches on: names, contact data (phone also as 040 123 4567) and text values. */
export function searchTextOf(m: Pick<Member, (typeof SEARCHED_COLUMNS)[number]>, values: { field: Field; value: StoredValue }[]): string {
  const parts = [m.firstname, m.lastname, m.email, m.email_porg1, m.email_porg2, m.address_street, m.address_zip, m.address_city];
  if (m.phone) parts.push(m.phone, formatFinnishMobile(m.phone).replace(/\s/g, ''));
  for (const { field, value } of values) {
    if (['text', 'textarea', 'email', 'dropdown'].includes(field.type)) {
      parts.push(field.type === 'dropdown' ? (field.options.find((o) => o.value === value.text)?.label ?? value.text) : value.text);
    } else if (field.type === 'integer' || field.type === 'decimal') parts.push(valueToText(field.type, value));
  }
  return foldForSearch(parts.filter(Boolean).join(' '));
}
