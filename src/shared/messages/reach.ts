// Who a message can reach by each medium, and why not. Each reason is a message key
// (fi.ts) that the preview lists per unreachable recipient.

import { letterUnsupportedChars } from '../finnish/letter';
import { type DeliveryOutcome, emailUpToDateness, smsUpToDateness } from '../members/upToDateness';
import type { MessageMedia } from './media';

export type UnreachableReason =
  | 'no_email'
  | 'email_bounced'
  | 'no_phone'
  | 'not_finnish_mobile'
  | 'no_address'
  | 'incomplete_address'
  | 'not_finnish_address'
  | 'unsupported_characters';

export interface Unreachable {
  reason: UnreachableReason;
  /** The characters a letter cannot carry, each once, for 'unsupported_characters'. */
  chars?: string[];
}

/** The member columns reach depends on, plus what the last message to the current address or number did. */
export interface ReachMember {
  id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  address_street: string | null;
  address_zip: string | null;
  address_city: string | null;
  last_email?: DeliveryOutcome | null;
  last_sms?: DeliveryOutcome | null;
}

export interface LastDeliveries {
  lastEmail?: DeliveryOutcome | null;
  lastSms?: DeliveryOutcome | null;
}

// Compiled once: splitReachable runs over every recipient of a preview.
const FINNISH_POSTAL_CODE = /^\d{5}$/;
// A letter in a postal code ("S-111 22", "D-10115", "EC1A 1BB") or digits grouped with a
// space or dash ("111 22", "1010-123") is another country's code. A bare digit string of
// the wrong length ("0010"), with the Finnish prefix ("FI-00100") or with the city after
// it ("00100 Helsinki") is taken as a Finnish code written wrongly, fixable in the form.
const FOREIGN_POSTAL_CODE = /\p{L}|\d[\s-]+\d/u;
const FINNISH_WRITTEN_WRONGLY = /^(?:FI[\s-]*\d|\d{5}(?!\d))/i;

const blank = (s: string | null): boolean => s === null || s.trim() === '';

function emailReason(member: ReachMember, last: DeliveryOutcome | null): Unreachable | null {
  // A bounced address is skipped until it changes (a new address starts from 'unused'):
  // a hard bounce is permanent, and mailing it again costs sender reputation. A failed
  // SMS is not skipped, as its reports are often temporary (phone off).
  switch (emailUpToDateness(blank(member.email) ? null : member.email, last)) {
    case 'missing':
      return { reason: 'no_email' };
    case 'bounced':
      return { reason: 'email_bounced' };
    default:
      return null;
  }
}

function smsReason(member: ReachMember, last: DeliveryOutcome | null): Unreachable | null {
  // SMS goes to Finnish mobiles only; a landline or a foreign mobile is 'unsupported'.
  switch (smsUpToDateness(blank(member.phone) ? null : member.phone, last)) {
    case 'missing':
      return { reason: 'no_phone' };
    case 'unsupported':
      return { reason: 'not_finnish_mobile' };
    default:
      return null;
  }
}

/**
 * A printed letter needs a Finnish address (street, 5-digit postal code, city), and its
 * name and address in characters the print service can print. The member has no
 * country field: a postal code that is not Finnish in form marks a foreign address.
 */
function letterReason(member: ReachMember): Unreachable | null {
  const street = member.address_street ?? '';
  const zip = (member.address_zip ?? '').trim();
  const city = member.address_city ?? '';
  if (blank(street) && zip === '' && blank(city)) return { reason: 'no_address' };
  if (!FINNISH_POSTAL_CODE.test(zip) && !FINNISH_WRITTEN_WRONGLY.test(zip) && FOREIGN_POSTAL_CODE.test(zip)) return { reason: 'not_finnish_address' };
  if (blank(street) || blank(city) || !FINNISH_POSTAL_CODE.test(zip)) return { reason: 'incomplete_address' };
  const chars = letterUnsupportedChars(`${member.firstname} ${member.lastname}\n${street}\n${zip} ${city}`);
  return chars.length > 0 ? { reason: 'unsupported_characters', chars } : null;
}

/** Why the member cannot be reached by the medium, or null when they can. */
export function unreachableReason(member: ReachMember, media: MessageMedia, last: LastDeliveries = {}): Unreachable | null {
  switch (media) {
    case 'email':
      return emailReason(member, last.lastEmail ?? null);
    case 'sms':
      return smsReason(member, last.lastSms ?? null);
    case 'letter':
    case 'pdf':
      // The association posts a PDF letter itself, but in the same window envelope
      // and with the same renderer as the print service, so the same rules hold.
      return letterReason(member);
  }
}

export interface UnreachableMember extends Unreachable {
  member_id: number;
}

export interface Reach {
  reachable: number[];
  unreachable: UnreachableMember[];
}

/** The recipients split by whether the medium reaches them, in input order; one pass. */
export function splitReachable(members: Iterable<ReachMember>, media: MessageMedia): Reach {
  const reachable: number[] = [];
  const unreachable: UnreachableMember[] = [];
  for (const m of members) {
    const why = unreachableReason(m, media, { lastEmail: m.last_email, lastSms: m.last_sms });
    if (why) unreachable.push({ member_id: m.id, ...why });
    else reachable.push(m.id);
  }
  return { reachable, unreachable };
}
