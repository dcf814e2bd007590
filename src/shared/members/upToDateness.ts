import { isFinnishMobile } from '../finnish/phone';

// Per-medium up-to-dateness of a member's contact data. Messaging will record
// deliveries; until a message has been sent to the current address or number the state
// comes from the data alone.

export type UpToDateness = 'unused' | 'sent' | 'confirmed' | 'bounced' | 'missing' | 'unsupported';

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

export interface MemberUpToDateness {
  email: UpToDateness;
  sms: UpToDateness;
}

/** Both media of a member, as the API presents them in `uptodate_`. */
export function memberUpToDateness(m: { email: string | null; phone: string | null }): MemberUpToDateness {
  return { email: emailUpToDateness(m.email), sms: smsUpToDateness(m.phone) };
}
