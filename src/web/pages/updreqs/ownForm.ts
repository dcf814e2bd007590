import { type Field, VISIBILITY_READONLY } from '../../../shared/fields/types';
import { ownFields } from '../members/variantFields';

// The fields of the member's own form (session and link) as the member form shows them:
// the fields a federation owns (locked_) read-only, whatever their visibility would allow.

export function ownFormFields(fields: readonly Field[], locked: readonly string[] = []): Field[] {
  return ownFields(fields).map((f) => (locked.includes(f.name) && f.visibility > VISIBILITY_READONLY ? { ...f, visibility: VISIBILITY_READONLY } : f));
}

/** Some field is shown as text only (the note says who can change those). */
export const hasReadOnlyField = (fields: readonly Field[]): boolean => fields.some((f) => f.type !== 'heading' && f.visibility === VISIBILITY_READONLY);
