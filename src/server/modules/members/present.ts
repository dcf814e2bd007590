import type { Member } from '../../db/schema';
import type { Field, StoredValue } from '../../../shared/fields/types';
import { valueToText } from '../../../shared/fields/values';
import { formatFinnishMobile } from '../../../shared/finnish';
import { memberUpToDateness, type RecordedOutcome } from '../../../shared/members/upToDateness';
import { foldForSearch } from '../../../shared/search';
import type { MemberBody } from '../../../shared/schemas/members';
import type { MemberModel } from './model';
import type { ValueRow } from './repo';

// Rows → API JSON. Password hashes and internal columns never leave through here.

/** A stored custom value as the API carries it: text, ISO date, number or boolean. */
export function apiValue(field: Field, v: StoredValue | undefined): unknown {
  if (!v) return field.type === 'checkbox' ? false : null;
  switch (field.type) {
    case 'integer':
    case 'decimal':
      return v.num;
    case 'checkbox':
      return v.num === 1;
    case 'password':
      return null;
    default:
      return v.text;
  }
}

export const fullname = (m: Pick<Member, 'firstname' | 'lastname'>): string => `${m.firstname} ${m.lastname}`.trim();

/** `recorded`: what messaging recorded for the member (contacts/outcomes.ts), behind `uptodate_`. */
export function presentMember(m: Member, values: ValueRow[], groupIds: Set<number>, model: MemberModel, recorded: readonly RecordedOutcome[] = []): MemberBody {
  const byField = new Map(values.map((v) => [v.field_id, { text: v.value_text, num: v.value_num }]));
  const body: MemberBody = {
    id: m.id,
    firstname: m.firstname,
    lastname: m.lastname,
    fullname_: fullname(m),
    email: m.email,
    phone: m.phone,
    address_street: m.address_street,
    address_zip: m.address_zip,
    address_city: m.address_city,
    ...(model.porg ? { email_porg1: m.email_porg1, email_porg2: m.email_porg2 } : {}),
    active: m.active === 1,
    site_admin: m.site_admin === 1,
    board: m.board === 1,
    imported: m.imported === 1,
    // The member number is `id` (the export's "Jäsennumero"); both are read-only: save ignores them.
    member_since: m.member_since,
    created_at: m.created_at,
    updated_at: m.updated_at,
    meta_: { deleted: m.deleted_at !== null, pending: m.pending === 1, deleted_at: m.deleted_at },
    // Per-medium up-to-dateness from the recorded outcomes: SMS to a foreign mobile is 'unsupported'.
    uptodate_: memberUpToDateness(m, recorded),
  };
  for (const f of model.custom) body[f.name] = apiValue(f, byField.get(f.id));
  for (const g of model.groups) {
    if (g.builtin === 'everyone') body[g.name] = true;
    else if (g.builtin === 'board') body[g.name] = m.board === 1;
    else body[g.name] = groupIds.has(g.id);
  }
  return body;
}

/** What quick search matches on: names, contact data (phone also as 040 123 4567) and text values. */
export function searchTextOf(m: Pick<Member, 'firstname' | 'lastname' | 'email' | 'email_porg1' | 'email_porg2' | 'phone' | 'address_street' | 'address_zip' | 'address_city'>, values: { field: Field; value: StoredValue }[]): string {
  const parts = [m.firstname, m.lastname, m.email, m.email_porg1, m.email_porg2, m.address_street, m.address_zip, m.address_city];
  if (m.phone) parts.push(m.phone, formatFinnishMobile(m.phone).replace(/\s/g, ''));
  for (const { field, value } of values) {
    if (['text', 'textarea', 'email', 'dropdown'].includes(field.type)) {
      parts.push(field.type === 'dropdown' ? (field.options.find((o) => o.value === value.text)?.label ?? value.text) : value.text);
    } else if (field.type === 'integer' || field.type === 'decimal') parts.push(valueToText(field.type, value));
  }
  return foldForSearch(parts.filter(Boolean).join(' '));
}
