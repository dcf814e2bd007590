import type { FormErrors } from '@mantine/form';
import { FIELD_MAXLENGTH_DEFAULT } from '../../../shared/constants';
import { type Field, type FieldType, type Visibility } from '../../../shared/fields/types';
import { hasFourByteChars, parseDecimalText } from '../../../shared/fields/values';
import { NAME_MAX, nameShapeError } from '../../../shared/fields/names';
import type { FieldSaveBody } from '../../../shared/schemas/fields';

// The field editor's form model: what the inputs hold (strings, as typed), how that
// becomes the API body, and the checks worth doing before sending. The server checks
// everything again; these only save a round trip and keep focus handling in one place.

export interface OptionRow {
  /** React key of the row; not sent. */
  key: string;
  value: string;
  label: string;
  /** Saved before: its value is what members hold, so it cannot be edited, only removed. */
  existing: boolean;
  /** The value follows the label until the user edits the value. */
  valueTouched: boolean;
}

export interface FieldFormValues {
  label: string;
  name: string;
  type: FieldType;
  visibility: Visibility;
  options: OptionRow[];
  min: string;
  max: string;
  decimals: string;
  maxlength: string;
  help_text: string;
  /** Shown on the public application form. */
  on_apply_form: boolean;
}

/** Form inputs in screen order: the first invalid one gets focus. */
export const FIELD_FORM_FIELDS = ['label', 'type', 'visibility', 'on_apply_form', 'options', 'min', 'max', 'decimals', 'maxlength', 'help_text', 'name'] as const;

export const TEXT_TYPES: readonly FieldType[] = ['text', 'textarea', 'email', 'password'];
export const NUMBER_TYPES: readonly FieldType[] = ['integer', 'decimal'];
const DECIMALS_DEFAULT = 2;

let rowSeq = 0;
export const newOptionRow = (): OptionRow => ({ key: `new-${String(++rowSeq)}`, value: '', label: '', existing: false, valueTouched: false });

/**
 * Visibilities a field may take. Fixed fields bring their own list; for custom fields
 * it follows the type, as the server decides it (a heading is either shown or hidden).
 */
export function visibilityOptionsFor(type: FieldType, field: Field | null): Visibility[] {
  if (field?.fixed && field.visibility_options) return field.visibility_options;
  return type === 'heading' ? [0, 2] : [0, 1, 2, 3];
}

/** A technical name from a label: "Jäsenmaksu 2026" → "jasenmaksu_2026". */
export function nameFromLabel(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, NAME_MAX);
}

const numberText = (n: number | undefined): string => (n === undefined ? '' : String(n).replace('.', ','));

export function toFormValues(field: Field | null): FieldFormValues {
  if (!field) {
    return {
      label: '',
      name: '',
      type: 'text',
      visibility: 2,
      options: [],
      min: '',
      max: '',
      decimals: String(DECIMALS_DEFAULT),
      maxlength: String(FIELD_MAXLENGTH_DEFAULT),
      help_text: '',
      // Off for a new field: internal data must not reach the public form by accident.
      on_apply_form: false,
    };
  }
  return {
    label: field.label,
    name: field.name,
    type: field.type,
    visibility: field.visibility,
    options: field.options.map((o, i) => ({ key: `saved-${String(i)}`, value: o.value, label: o.label, existing: true, valueTouched: true })),
    min: numberText(field.params.min),
    max: numberText(field.params.max),
    decimals: String(field.params.decimals ?? DECIMALS_DEFAULT),
    maxlength: String(field.maxlength),
    help_text: field.help_text,
    on_apply_form: field.on_apply_form ?? false,
  };
}

const parseOptionalNumber = (s: string): number | undefined => (s.trim() === '' ? undefined : (parseDecimalText(s) ?? undefined));

/** Client-side checks with the server's message keys. */
export function validateFieldForm(values: FieldFormValues, isNew: boolean): FormErrors {
  const errors: FormErrors = {};
  const label = values.label.trim();
  if (label === '') errors.label = '_validation_field_required';
  else if (hasFourByteChars(label)) errors.label = '_validation_unsupported_characters';

  if (isNew) {
    const nameError = nameShapeError(values.name.trim());
    if (nameError) errors.name = nameError;
  }

  if (values.type === 'dropdown') {
    const rows = values.options.map((o) => ({ value: o.value.trim(), label: o.label.trim() }));
    if (rows.length === 0 || rows.some((o) => o.value === '' || o.label === '')) errors.options = 'fields_dropdown_options_required';
    else if (new Set(rows.map((o) => o.value)).size !== rows.length) errors.options = 'fields_dropdown_options_duplicate';
    else if (rows.some((o) => hasFourByteChars(o.value) || hasFourByteChars(o.label))) errors.options = '_validation_unsupported_characters';
  }

  if (NUMBER_TYPES.includes(values.type)) {
    for (const key of ['min', 'max'] as const) {
      const text = values[key];
      if (text.trim() !== '' && parseDecimalText(text) === null) errors[key] = '_validation_decimal_invalid';
    }
    const min = parseOptionalNumber(values.min);
    const max = parseOptionalNumber(values.max);
    if (!errors.min && !errors.max && min !== undefined && max !== undefined && min > max) errors.max = 'value_too_small';
  }
  if (values.type === 'decimal' && !/^[0-6]$/.test(values.decimals.trim())) errors.decimals = '_validation_invalid_choice';

  if (TEXT_TYPES.includes(values.type)) {
    const n = Number(values.maxlength.trim());
    if (!/^\d+$/.test(values.maxlength.trim())) errors.maxlength = '_validation_integer_invalid';
    else if (n < 1) errors.maxlength = 'value_too_small';
    else if (n > 65535) errors.maxlength = 'value_too_large';
  }
  if (hasFourByteChars(values.help_text)) errors.help_text = '_validation_unsupported_characters';
  return errors;
}

/** The API body (fieldSaveBody) of valid form values. */
export function toSaveBody(values: FieldFormValues, field: Field | null): FieldSaveBody {
  const params: FieldSaveBody['params'] = {};
  if (NUMBER_TYPES.includes(values.type)) {
    const min = parseOptionalNumber(values.min);
    const max = parseOptionalNumber(values.max);
    if (min !== undefined) params.min = min;
    if (max !== undefined) params.max = max;
    if (values.type === 'decimal') params.decimals = Number(values.decimals);
  }
  return {
    name: field ? field.name : values.name.trim(),
    label: values.label.trim(),
    type: values.type,
    visibility: values.visibility,
    options: values.type === 'dropdown' ? values.options.map((o) => ({ value: o.value.trim(), label: o.label.trim() })) : [],
    params,
    help_text: values.help_text.trim(),
    maxlength: TEXT_TYPES.includes(values.type) ? Number(values.maxlength) : (field?.maxlength ?? FIELD_MAXLENGTH_DEFAULT),
    on_apply_form: values.on_apply_form,
  };
}
