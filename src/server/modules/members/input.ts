import type { Field, StoredValue } from '../../../shared/fields/types';
import { isOnApplyForm, VISIBILITY_EDITABLE, VISIBILITY_REQUIRED } from '../../../shared/fields/types';
import { isEmptyValue, parseFieldValue } from '../../../shared/fields/values';
import { readMemberPhone, passwordStrength, PASSWORD_MAX } from '../../../shared/finnish';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import type { MemberModel } from './model';
import { FEDERATION_REF, FEDERATION_REF_HEADER } from '../../../shared/members/federation';

// Turns a member body from the form (admin), the member's own form (self) or the
// public application (apply) into a validated patch, with validation message keys.

export type InputMode = 'admin' | 'self' | 'apply';

export interface MemberColumns {
  firstname?: string;
  lastname?: string;
  email?: string | null;
  email_porg1?: string | null;
  email_porg2?: string | null;
  phone?: string | null;
  address_street?: string | null;
  address_zip?: string | null;
  address_city?: string | null;
  active?: 0 | 1;
  site_admin?: 0 | 1;
  board?: 0 | 1;
  /** Only imports write it (the "Liiton jäsennumero" column). */
  federation_ref?: string | null;
}

export interface MemberPatch {
  columns: MemberColumns;
  /** Custom values by field id (empty value = remove). */
  values: Map<number, StoredValue>;
  /** Custom group memberships by group id. */
  groups: Map<number, boolean>;
  password: string | null;
}

export interface ParsedInput {
  patch: MemberPatch;
  errors: ValidationErrors;
  /** Fields whose only problem is being empty while required; bypassable except names. */
  requiredOnly: string[];
}

const NAME_FIELDS = new Set(['firstname', 'lastname']);
const FLAGS = ['active', 'site_admin', 'board'] as const;

/** `today` (ISO, Helsinki) refuses consents dated after it. */
export function parseMemberInput(input: Record<string, unknown>, model: MemberModel, opts: { mode: InputMode; creating: boolean; today?: string }): ParsedInput {
  const errors: ValidationErrors = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  const patch: MemberPatch = { columns: {}, values: new Map(), groups: new Map(), password: null };
  const requiredOnly: string[] = [];

  for (const field of model.fields) {
    if (field.type === 'heading') continue;
    // Members edit only what their field visibility allows; admins edit everything; applicants
    // only the fields on the application form (anything else they send is ignored).
    if (opts.mode === 'self' && field.visibility < VISIBILITY_EDITABLE) continue;
    if (opts.mode === 'apply' && !isOnApplyForm(field)) continue;
    const present = Object.prototype.hasOwnProperty.call(input, field.name);
    if (!present && !opts.creating) continue;
    const raw = present ? input[field.name] : null;

    let value: StoredValue;
    if (field.name === 'phone') {
      value = { text: null, num: null };
      if (typeof raw === 'string' && raw.trim() !== '') {
        // A Finnish or a foreign mobile; landlines belong in a custom field.
        const phone = readMemberPhone(raw);
        if (phone.problem) {
          add('phone', `members_phone_${phone.problem}`);
          continue;
        }
        value = { text: phone.number, num: null };
      } else if (raw !== null && raw !== undefined && raw !== '') {
        add('phone', 'members_phone_format');
        continue;
      }
    } else {
      const parsed = parseFieldValue(field, raw, { today: opts.today });
      if (!parsed.ok) {
        add(field.name, parsed.key);
        continue;
      }
      value = parsed.value;
    }
    if (field.visibility === VISIBILITY_REQUIRED && isEmptyValue(value)) {
      add(field.name, '_validation_field_required');
      if (!NAME_FIELDS.has(field.name)) requiredOnly.push(field.name);
      continue;
    }
    if (field.fixed) (patch.columns as Record<string, unknown>)[field.name] = field.name === 'firstname' || field.name === 'lastname' ? (value.text ?? '') : value.text;
    else if (field.type === 'password') {
      if (value.text !== null) patch.values.set(field.id, value); // hashed by the service
    } else patch.values.set(field.id, value);
  }

  if (opts.mode === 'admin') {
    for (const flag of FLAGS) {
      if (flag in input) {
        if (typeof input[flag] !== 'boolean') add(flag, '_validation_invalid');
        else patch.columns[flag] = input[flag] ? 1 : 0;
      }
    }
    for (const g of model.groups) {
      if (g.builtin || !(g.name in input)) continue;
      if (typeof input[g.name] !== 'boolean') add(g.name, '_validation_invalid');
      else patch.groups.set(g.id, input[g.name] as boolean);
    }
    // The built-in board group is the board flag.
    const board = model.groups.find((g) => g.builtin === 'board');
    if (board && board.name in input && typeof input[board.name] === 'boolean' && !('board' in input)) patch.columns.board = input[board.name] ? 1 : 0;
  }

  const pw = input.newPassword_;
  if (opts.mode !== 'apply' && typeof pw === 'string' && pw !== '') {
    if (pw.length > PASSWORD_MAX) add('newPassword_', '_validation_too_long');
    else if (passwordStrength(pw) === 0) add('newPassword_', 'insufficient_password_strength');
    else if (pw !== input.confirmNewPassword_) add('confirmNewPassword_', 'passwords_dont_match');
    else patch.password = pw;
  }
  return { patch, errors, requiredOnly };
}

/** Field by name, for labels in history and errors. */
export function labelOf(model: MemberModel, name: string): string {
  const f: Field | undefined = model.byName.get(name);
  if (f) return f.label;
  const g = model.groupByName.get(name);
  if (g) return g.label;
  return name === FEDERATION_REF ? FEDERATION_REF_HEADER : name;
}
