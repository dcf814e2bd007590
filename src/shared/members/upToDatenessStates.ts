// The states of up-to-dateness and their filter fields, apart from how they are computed
// (upToDateness.ts, which needs the phone number library): the member list's filters and
// columns name the states without loading that library.

export type UpToDateness = 'unused' | 'sent' | 'confirmed' | 'bounced' | 'missing' | 'unsupported';

/** Values a filter condition on up-to-dateness takes (SMS also 'unsupported'). */
export const UP_TO_DATENESS: readonly UpToDateness[] = ['unused', 'sent', 'confirmed', 'bounced', 'missing', 'unsupported'];
export const EMAIL_UP_TO_DATENESS: readonly UpToDateness[] = UP_TO_DATENESS.filter((s) => s !== 'unsupported');

/** Filter fields and list columns of the two media (the member reply carries both in `uptodate_`). */
export const UPTODATE_FIELDS = { email: 'uptodate_email', sms: 'uptodate_sms' } as const;
