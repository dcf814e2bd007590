import type { Field } from '../../../shared/fields/types';
import { VISIBILITY_REQUIRED } from '../../../shared/fields/types';
import { parseFieldValue, valueToText } from '../../../shared/fields/values';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { PASSWORD_MAX, passwordStrength } from '../../../shared/finnish/password';
import { formatFinnishMobile } from '../../../shared/finnish/phone';
import type { Group } from '../../../shared/schemas/groups';
import type { MemberBody } from '../../../shared/schemas/members';

// The member form's model: values keyed by
// the API's names (field names, group names, flags), held as the user types them —
// d.M.yyyy dates, decimal commas — and turned into the API body on save. Checks here
// use the shared field rules, so the form and the server judge a value the same way.

export type MemberFormValues = Record<string, string | boolean>;

/** Member flags the admin form edits. */
export const FLAGS = ['active', 'board', 'site_admin'] as const;
export const NEW_PASSWORD = 'newPassword_';
export const CONFIRM_PASSWORD = 'confirmNewPassword_';
/** Asked on the member's own form before a new password is accepted. */
export const CURRENT_PASSWORD = 'currentPassword_';
/** The password inputs of the self-edit form, in screen order. */
export const OWN_PASSWORD_INPUTS: readonly string[] = [CURRENT_PASSWORD, NEW_PASSWORD, CONFIRM_PASSWORD];
/** Names cannot be saved empty, not even with "Tallenna silti". */
export const NAME_FIELDS: readonly string[] = ['firstname', 'lastname'];

/** Fields that take a value (headings only structure the form). */
export const valueFields = (fields: readonly Field[]): Field[] => fields.filter((f) => f.type !== 'heading');

/** Groups a member is put in by hand: 'everyone' is everyone, and 'board' is the board flag. */
export const memberGroups = (groups: readonly Group[]): Group[] => groups.filter((g) => g.builtin === null);

/** Every input of the form in screen order; the first invalid one gets focus. */
export function formOrder(fields: readonly Field[], groups: readonly Group[]): string[] {
  return [...valueFields(fields).map((f) => f.name), ...memberGroups(groups).map((g) => g.name), ...FLAGS, NEW_PASSWORD, CONFIRM_PASSWORD];
}

function textOf(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'integer':
    case 'decimal':
      return typeof value === 'number' ? valueToText(field.type, { text: null, num: value }) : String(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatFinnishDate(value) : String(value);
    case 'password':
      // Stored passwords are never sent back; an empty input keeps the old one.
      return '';
    default:
      if (field.name === 'phone' && typeof value === 'string') return formatFinnishMobile(value);
      return typeof value === 'string' ? value : String(value);
  }
}

/** Form values of a member (or of a new one: active, in no group, everything empty). */
export function toFormValues(fields: readonly Field[], groups: readonly Group[], member: MemberBody | null): MemberFormValues {
  const values: MemberFormValues = {};
  for (const field of valueFields(fields)) {
    if (field.type === 'consent') {
      // The stored date (ISO) while it stands: the form shows it beside the checked box.
      const given = member?.[field.name];
      values[field.name] = typeof given === 'string' && given !== '' ? given : false;
      continue;
    }
    values[field.name] = field.type === 'checkbox' ? member?.[field.name] === true : textOf(field, member?.[field.name]);
  }
  for (const group of memberGroups(groups)) values[group.name] = member?.[group.name] === true;
  values.active = member ? member.active === true : true;
  values.board = member?.board === true;
  values.site_admin = member?.site_admin === true;
  values[NEW_PASSWORD] = '';
  values[CONFIRM_PASSWORD] = '';
  values[CURRENT_PASSWORD] = '';
  return values;
}

const isBlank = (v: string | boolean | undefined): boolean => v === undefined || v === false || (typeof v === 'string' && v.trim() === '');

/**
 * Message keys of values the server would refuse anyway: wrong formats, empty names,
 * weak or mismatched new password. Empty required fields other than the names are
 * left to the server, whose answer opens the bypass modal.
 */
export function validateMemberForm(fields: readonly Field[], values: MemberFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of valueFields(fields)) {
    const value = values[field.name];
    if (NAME_FIELDS.includes(field.name) && field.visibility === VISIBILITY_REQUIRED && isBlank(value)) {
      errors[field.name] = '_validation_field_required';
      continue;
    }
    // Phone numbers are checked by the server (Finnish mobile ranges need libphonenumber's full metadata).
    if (field.name === 'phone' || isBlank(value)) continue;
    const parsed = parseFieldValue(field, value);
    if (!parsed.ok) errors[field.name] = parsed.key;
  }
  const password = values[NEW_PASSWORD];
  if (typeof password === 'string' && password !== '') {
    if (password.length > PASSWORD_MAX) errors[NEW_PASSWORD] = '_validation_too_long';
    else if (passwordStrength(password) === 0) errors[NEW_PASSWORD] = 'insufficient_password_strength';
    else if (password !== values[CONFIRM_PASSWORD]) errors[CONFIRM_PASSWORD] = 'passwords_dont_match';
  }
  return errors;
}

/**
 * The member body for `members/new` or `members/{id}`: dates as ISO, numbers as
 * numbers, checkboxes and group memberships as booleans, empty values as null. An
 * empty password field is left out when editing, so the stored one stays.
 */
export function toMemberBody(
  fields: readonly Field[],
  groups: readonly Group[],
  values: MemberFormValues,
  opts: { creating: boolean },
): MemberBody {
  const body: MemberBody = {};
  for (const field of valueFields(fields)) {
    const value = values[field.name];
    if (field.type === 'checkbox') {
      body[field.name] = value === true;
      continue;
    }
    if (field.type === 'consent') {
      // "Given": the server dates a new consent and keeps the date of one already given.
      body[field.name] = !isBlank(value);
      continue;
    }
    if (isBlank(value)) {
      if (field.type === 'password' && !opts.creating) continue;
      body[field.name] = NAME_FIELDS.includes(field.name) ? '' : null;
      continue;
    }
    const text = String(value);
    const parsed = field.name === 'phone' ? null : parseFieldValue(field, text);
    if (parsed?.ok && (field.type === 'integer' || field.type === 'decimal')) body[field.name] = parsed.value.num;
    else if (parsed?.ok && field.type === 'date') body[field.name] = parsed.value.text;
    else body[field.name] = field.type === 'textarea' || field.type === 'password' ? text : text.trim();
  }
  for (const group of memberGroups(groups)) body[group.name] = values[group.name] === true;
  for (const flag of FLAGS) body[flag] = values[flag] === true;
  const password = values[NEW_PASSWORD];
  if (typeof password === 'string' && password !== '') {
    body[NEW_PASSWORD] = password;
    body[CONFIRM_PASSWORD] = values[CONFIRM_PASSWORD] ?? '';
    const current = values[CURRENT_PASSWORD];
    if (typeof current === 'string' && current !== '') body[CURRENT_PASSWORD] = current;
  }
  return body;
}

/**
 * Whether a failed save is only about empty required fields the admin may skip
 * (every error `_validation_field_required`, none on the names); returns
 * those fields, or null when the errors must be shown under the fields instead.
 */
export function bypassableFields(errors: Record<string, string[]>): string[] | null {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  const onlyRequired = entries.every(([field, keys]) => !NAME_FIELDS.includes(field) && keys.length > 0 && keys.every((k) => k === '_validation_field_required'));
  return onlyRequired ? entries.map(([field]) => field) : null;
}
