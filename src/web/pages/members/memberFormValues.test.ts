import { describe, expect, it } from 'vitest';
import type { Field, FieldType } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import { bypassableFields, formOrder, toFormValues, toMemberBody, validateMemberForm } from './memberFormValues';

let nextId = 1;
const field = (name: string, type: FieldType, extra: Partial<Field> = {}): Field => ({
  id: nextId++,
  name,
  label: name,
  type,
  visibility: 2,
  visibility_options: [0, 1, 2, 3],
  options: [],
  params: {},
  group: null,
  help_text: '',
  maxlength: 255,
  fixed: false,
  position: nextId,
  ...extra,
});
const group = (name: string, builtin: string | null = null): Group => ({
  id: nextId++,
  name,
  label: name,
  email: null,
  allowed_senders: 'GroupMembers',
  builtin,
  position: nextId,
});

const fields: Field[] = [
  field('firstname', 'text', { fixed: true, visibility: 3 }),
  field('lastname', 'text', { fixed: true, visibility: 3 }),
  field('phone', 'text', { fixed: true }),
  field('lisatiedot', 'heading'),
  field('syntymavuosi', 'integer'),
  field('maksu', 'decimal'),
  field('liittynyt', 'date'),
  field('lehti', 'checkbox'),
  field('laji', 'dropdown', { options: [{ value: 'v', label: 'Varsinainen' }] }),
  field('koodi', 'password'),
  field('pakollinen', 'text', { visibility: 3 }),
];
const groups = [group('everyone', 'everyone'), group('board', 'board'), group('kuoro')];

describe('member form values', () => {
  it('lists inputs in screen order: fields without headings, own groups, flags, password', () => {
    expect(formOrder(fields, groups)).toEqual([
      'firstname', 'lastname', 'phone', 'syntymavuosi', 'maksu', 'liittynyt', 'lehti', 'laji', 'koodi', 'pakollinen',
      'kuoro', 'active', 'board', 'site_admin', 'newPassword_', 'confirmNewPassword_',
    ]);
  });

  it('shows API values as people type them', () => {
    const values = toFormValues(fields, groups, {
      id: 1, firstname: 'Maija', lastname: 'M', phone: '+358401234567', syntymavuosi: 1990, maksu: 12.5,
      liittynyt: '2026-03-01', lehti: true, laji: 'v', koodi: null, pakollinen: null, kuoro: true, board: true, active: true, site_admin: false,
    });
    expect(values).toMatchObject({
      phone: '040 123 4567', syntymavuosi: '1990', maksu: '12,5', liittynyt: '1.3.2026', lehti: true, laji: 'v', koodi: '',
      pakollinen: '', kuoro: true, board: true, active: true, site_admin: false, newPassword_: '',
    });
    expect(values).not.toHaveProperty('lisatiedot');
    expect(values).not.toHaveProperty('everyone');
  });

  it('starts a new member as active and in no group', () => {
    expect(toFormValues(fields, groups, null)).toMatchObject({ active: true, board: false, kuoro: false, lehti: false, firstname: '' });
  });

  it('checks formats and names with the shared rules, leaving other required fields to the server', () => {
    const values = { ...toFormValues(fields, groups, null), liittynyt: '31.2.2026', maksu: '1,234', syntymavuosi: 'x', phone: 'abc' };
    expect(validateMemberForm(fields, values)).toEqual({
      firstname: '_validation_field_required',
      lastname: '_validation_field_required',
      syntymavuosi: '_validation_integer_invalid',
      maksu: '_validation_decimal_invalid',
      liittynyt: '_validation_date_invalid',
    });
  });

  it('checks a new password: strength, then the confirmation', () => {
    const base = { ...toFormValues(fields, groups, null), firstname: 'A', lastname: 'B' };
    expect(validateMemberForm(fields, { ...base, newPassword_: 'lyhyt' })).toEqual({ newPassword_: 'insufficient_password_strength' });
    expect(validateMemberForm(fields, { ...base, newPassword_: 'pitkä-salasana-1', confirmNewPassword_: 'x' })).toEqual({
      confirmNewPassword_: 'passwords_dont_match',
    });
    expect(validateMemberForm(fields, { ...base, newPassword_: 'pitkä-salasana-1', confirmNewPassword_: 'pitkä-salasana-1' })).toEqual({});
  });

  it('sends ISO dates, numbers, booleans and nulls; keeps a stored password when its input is empty', () => {
    const values = {
      ...toFormValues(fields, groups, null),
      firstname: ' Maija ', lastname: 'M', phone: '040 123 4567', syntymavuosi: '1 990', maksu: '12,5', liittynyt: '1.3.2026', laji: 'v', kuoro: true,
    };
    const body = toMemberBody(fields, groups, values, { creating: false });
    expect(body).toEqual({
      firstname: 'Maija', lastname: 'M', phone: '040 123 4567', syntymavuosi: 1990, maksu: 12.5, liittynyt: '2026-03-01', lehti: false, laji: 'v',
      pakollinen: null, kuoro: true, active: true, board: false, site_admin: false,
    });
    expect(toMemberBody(fields, groups, values, { creating: true })).toMatchObject({ koodi: null });
    expect(toMemberBody(fields, groups, { ...values, newPassword_: 'a', confirmNewPassword_: 'b' }, { creating: false })).toMatchObject({
      newPassword_: 'a',
      confirmNewPassword_: 'b',
    });
  });

  it('offers the bypass only when every error is an empty required field other than the names', () => {
    expect(bypassableFields({ pakollinen: ['_validation_field_required'], email: ['_validation_field_required'] })).toEqual(['pakollinen', 'email']);
    expect(bypassableFields({ pakollinen: ['_validation_field_required'], firstname: ['_validation_field_required'] })).toBeNull();
    expect(bypassableFields({ pakollinen: ['_validation_field_required'], phone: ['members_phone_prefix'] })).toBeNull();
    expect(bypassableFields({ general: ['server_error'] })).toBeNull();
    expect(bypassableFields({})).toBeNull();
  });
});
