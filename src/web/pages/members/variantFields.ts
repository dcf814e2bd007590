import { type Field, VISIBILITY_EDITABLE, VISIBILITY_REQUIRED } from '../../../shared/fields/types';

// The fields of the member form's application and self-edit variants:
// what the server requires of an email address, shown as required on the form too.

const required = (f: Field): Field => ({ ...f, visibility: VISIBILITY_REQUIRED });

/**
 * The server refuses an application without an email address, so the form asks for one as
 * required. Every field apply_form lists is the applicant's to fill in:
 * a field members only see (or not even that) is still editable on the application.
 */
export function applicationFields(fields: readonly Field[]): Field[] {
  return fields.map((f) => {
    if (f.name === 'email' && f.visibility < VISIBILITY_REQUIRED) return required(f);
    return f.type !== 'heading' && f.visibility < VISIBILITY_EDITABLE ? { ...f, visibility: VISIBILITY_EDITABLE } : f;
  });
}

/**
 * Without guardian emails (porg) a member's own email is required,
 * so the form marks it; with them, any one of the three will do and the server says which.
 */
export function ownFields(fields: readonly Field[]): Field[] {
  const porg = fields.some((f) => f.name === 'email_porg1' || f.name === 'email_porg2');
  if (porg) return [...fields];
  return fields.map((f) => (f.name === 'email' && f.visibility === VISIBILITY_EDITABLE ? required(f) : f));
}
