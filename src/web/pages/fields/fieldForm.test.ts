import { describe, expect, it } from 'vitest';
import type { Field } from '../../../shared/fields/types';
import { nameFromLabel, toFormValues, toSaveBody, validateFieldForm, visibilityOptionsFor } from './fieldForm';

const saved: Field = {
  id: 9,
  name: 'jasenmaksu',
  label: 'Jäsenmaksu',
  type: 'decimal',
  visibility: 2,
  visibility_options: [0, 1, 2, 3],
  options: [],
  params: { min: 0, max: 99.5, decimals: 2 },
  group: null,
  help_text: '',
  maxlength: 255,
  fixed: false,
  position: 9,
};

describe('field form', () => {
  it('makes a technical name from a Finnish label', () => {
    expect(nameFromLabel('Jäsenmaksu 2026')).toBe('jasenmaksu_2026');
    expect(nameFromLabel('  Åland / Ahvenanmaa! ')).toBe('aland_ahvenanmaa');
    expect(nameFromLabel('Ööö')).toBe('ooo');
    expect(nameFromLabel('_x_')).toBe('x');
  });

  it('offers visibilities by type for custom fields, and the fixed field its own', () => {
    expect(visibilityOptionsFor('heading', null)).toEqual([0, 2]);
    expect(visibilityOptionsFor('text', null)).toEqual([0, 1, 2, 3]);
    expect(visibilityOptionsFor('text', { ...saved, fixed: true, visibility_options: [1, 2, 3] })).toEqual([1, 2, 3]);
  });

  it('round-trips a saved field through the form, numbers with a decimal comma', () => {
    const values = toFormValues(saved);
    expect(values).toMatchObject({ min: '0', max: '99,5', decimals: '2' });
    expect(toSaveBody(values, saved)).toEqual({
      name: 'jasenmaksu',
      label: 'Jäsenmaksu',
      type: 'decimal',
      visibility: 2,
      options: [],
      params: { min: 0, max: 99.5, decimals: 2 },
      help_text: '',
      maxlength: 255,
      on_apply_form: false,
    });
  });

  it('checks names, choices, bounds and length with the server keys', () => {
    const empty = toFormValues(null);
    expect(validateFieldForm(empty, true)).toEqual({ label: '_validation_field_required', name: '_validation_field_required' });
    expect(validateFieldForm({ ...empty, label: 'X', name: '_x' }, true)).toEqual({ name: 'fields_name_underscore' });
    expect(validateFieldForm({ ...empty, label: 'X', name: 'ä' }, true)).toEqual({ name: 'fields_name_invalid' });
    const dropdown = { ...empty, label: 'Laji', name: 'laji', type: 'dropdown' as const };
    expect(validateFieldForm(dropdown, true)).toEqual({ options: 'fields_dropdown_options_required' });
    const row = { key: 'a', value: 'v', label: 'V', existing: false, valueTouched: false };
    expect(validateFieldForm({ ...dropdown, options: [row, { ...row, key: 'b' }] }, true)).toEqual({ options: 'fields_dropdown_options_duplicate' });
    const numbers = { ...empty, label: 'N', name: 'n', type: 'integer' as const };
    expect(validateFieldForm({ ...numbers, min: '10', max: '5' }, true)).toEqual({ max: 'value_too_small' });
    expect(validateFieldForm({ ...numbers, min: 'kymmenen' }, true)).toEqual({ min: '_validation_decimal_invalid' });
    expect(validateFieldForm({ ...empty, label: 'T', name: 't', maxlength: '0' }, true)).toEqual({ maxlength: 'value_too_small' });
  });

  it('sends only the parameters of the chosen type and the choices of a dropdown', () => {
    const values = { ...toFormValues(saved), type: 'text' as const, options: [{ key: 'a', value: 'v', label: 'V', existing: true, valueTouched: true }] };
    expect(toSaveBody(values, saved)).toMatchObject({ type: 'text', params: {}, options: [] });
  });
});
