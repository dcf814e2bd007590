import { FIXED_FIELD_NAMES } from './types';

// The technical name of a custom field or group: one rule for the field editor, the group
// editor and the server. Member bodies key field values and group memberships by these
// names next to the member's own attributes, so they share one name space.

/** Longest name (the schemas cap the body at the same length). */
export const NAME_MAX = 50;

const NAME_RE = /^[A-Za-z0-9_]+$/;

/**
 * Names a custom field or group may not take: member attributes and API keys.
 * Compared without case.
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  ...FIXED_FIELD_NAMES,
  'id', 'password', 'active', 'site_admin', 'board', 'everyone', 'fullname', 'username', 'imported', 'meta', 'filter', 'general', 'member_since',
]);

/** The message key for a name of the wrong shape, or null when its shape is fine (uniqueness is checked apart). */
export function nameShapeError(name: string): string | null {
  if (name === '') return '_validation_field_required';
  if (name.startsWith('_')) return 'fields_name_underscore';
  if (!NAME_RE.test(name)) return 'fields_name_invalid';
  if (name.length > NAME_MAX) return '_validation_too_long';
  return null;
}

/** A member attribute or API key: no field or group may be called this. */
export function isReservedName(name: string): boolean {
  return RESERVED_FIELD_NAMES.has(name.toLowerCase());
}
