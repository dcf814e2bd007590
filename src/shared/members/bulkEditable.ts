import type { Field } from '../fields/types';

// What bulk edit may set: custom fields (not headings or passwords), the address and
// guardian emails among the fixed fields, the active and board flags, and memberships of
// the association's own groups. Never the names, email, phone or password: those identify
// one person. The bulk edit form offers exactly these and the server accepts exactly these.

/** Fixed fields bulk edit may set; they are member columns. */
export const BULK_FIXED_FIELDS: ReadonlySet<string> = new Set(['address_street', 'address_zip', 'address_city', 'email_porg1', 'email_porg2']);

/** Member flags bulk edit may set. */
export const BULK_FLAGS = ['active', 'board'] as const;

/** Keys a bulk edit body is refused for by name, whatever the register's fields. */
export const NOT_BULK_EDITABLE: ReadonlySet<string> = new Set(['firstname', 'lastname', 'email', 'password', 'newPassword_', 'site_admin', 'phone']);

/** Whether bulk edit may set this field's value. */
export function isBulkEditableField(field: Pick<Field, 'name' | 'type' | 'fixed'>): boolean {
  if (NOT_BULK_EDITABLE.has(field.name) || field.type === 'heading' || field.type === 'password') return false;
  return !field.fixed || BULK_FIXED_FIELDS.has(field.name);
}
