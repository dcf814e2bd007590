import { isFinnishMobile } from '../finnish/phone';
import type { UpToDateness } from './upToDatenessStates';

// Per-medium up-to-dateness of a member's contact data. Messaging records the last outcome
// per member and medium (contact_states); until a message has gone to the current address
// or number the state comes from the data alone. The filter compiler (members/filter-sql.ts)
// computes the same states in SQL.

export { EMAIL_UP_TO_DATENESS, UP_TO_DATENESS, UPTODATE_FIELDS, type UpToDateness } from './upToDatenessStates';

/** What the last message to the current address or number did, once messaging records it. */
export type DeliveryOutcome = 'sent' | 'confirmed' | 'bounced';

/** SMS reaches Finnish mobiles only: a foreign mobile is 'unsupported'. */
export function smsUpToDateness(phone: string | null | undefined, last: DeliveryOutcome | null = null): UpToDateness {
  if (!phone) return 'missing';
  if (!isFinnishMobile(phone)) return 'unsupported';
  return last ?? 'unused';
}

export function emailUpToDateness(email: string | null | undefined, last: DeliveryOutcome | null = null): UpToDateness {
  if (!email) return 'missing';
  return last ?? 'unused';
}

/** An outcome messaging recorded for a member (contact_states): what the last message to `address` did. */
export interface RecordedOutcome {
  medium: 'email' | 'sms';
  address: string;
  outcome: DeliveryOutcome;
  at: string;
}

/**
 * An outcome counts only while the member still has the address it is about: email
 * addresses compare without case (they are stored lower-case), numbers as stored E.164.
 */
export function sameAddress(medium: RecordedOutcome['medium'], recorded: string, current: string | null | undefined): boolean {
  if (!current) return false;
  return medium === 'email' ? recorded.trim().toLowerCase() === current.trim().toLowerCase() : recorded.trim() === current.trim();
}

export interface MemberUpToDateness {
  email: UpToDateness;
  sms: UpToDateness;
  /** When the outcome behind `email` (sent, confirmed, bounced) happened, and the address it was about. */
  email_at?: string;
  email_address?: string;
  sms_at?: string;
  sms_address?: string;
}

/** Both media of a member, as the API presents them in `uptodate_`: from the data and the recorded outcomes. */
export function memberUpToDateness(m: { email: string | null; phone: string | null }, recorded: readonly RecordedOutcome[] = []): MemberUpToDateness {
  const counting = (medium: RecordedOutcome['medium'], current: string | null) => recorded.find((r) => r.medium === medium && sameAddress(medium, r.address, current)) ?? null;
  const e = counting('email', m.email);
  const s = counting('sms', m.phone);
  const out: MemberUpToDateness = { email: emailUpToDateness(m.email, e?.outcome ?? null), sms: smsUpToDateness(m.phone, s?.outcome ?? null) };
  // The time and address only when the state is the recorded outcome (a foreign number stays unsupported).
  if (e && out.email === e.outcome) Object.assign(out, { email_at: e.at, email_address: e.address });
  if (s && out.sms === s.outcome) Object.assign(out, { sms_at: s.at, sms_address: s.address });
  return out;
}
