// Member field model: types, visibilities and the built-in fields.

export const FIELD_TYPES = ['text', 'textarea', 'integer', 'decimal', 'date', 'checkbox', 'dropdown', 'email', 'password', 'heading', 'consent'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** 0 invisible, 1 visible but read-only, 2 editable, 3 editable and required. */
export const VISIBILITIES = [0, 1, 2, 3] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const VISIBILITY_INVISIBLE = 0;
export const VISIBILITY_READONLY = 1;
export const VISIBILITY_EDITABLE = 2;
export const VISIBILITY_REQUIRED = 3;

export interface FieldOption {
  value: string;
  label: string;
}

/** Type-specific parameters; all optional. */
export interface FieldParams {
  /** integer/decimal bounds */
  min?: number;
  max?: number;
  /** decimal places for decimals (default 2) */
  decimals?: number;
}

/** A field as the API presents it. */
export interface Field {
  id: number;
  name: string;
  label: string;
  type: FieldType;
  visibility: Visibility;
  /** Which visibilities the field may take; only in site admins' replies. */
  visibility_options?: Visibility[];
  options: FieldOption[];
  params: FieldParams;
  /** Name of the heading this field sits under (derived from the order), null at the top. */
  group: string | null;
  help_text: string;
  maxlength: number;
  fixed: boolean;
  position: number;
  /**
   * Shown on the public application form. Always in API replies;
   * optional only so that hand-made fields (tests, previews) need not carry it.
   */
  on_apply_form?: boolean;
}

/** Stored form of one member value: text types in `text`, numeric ones in `num`. */
export interface StoredValue {
  text: string | null;
  num: number | null;
}

export const NUMERIC_TYPES: readonly FieldType[] = ['integer', 'decimal', 'checkbox'];

/** Built-in member fields: exist from tenant creation, cannot be renamed or deleted. */
export interface FixedFieldDef {
  name: string;
  label: string;
  type: FieldType;
  visibility: Visibility;
  visibility_options: Visibility[];
  maxlength: number;
  /** Only present when guardian emails (porg) are enabled. */
  porg?: boolean;
}

export const FIXED_FIELDS: readonly FixedFieldDef[] = [
  { name: 'firstname', label: 'Etunimi', type: 'text', visibility: 3, visibility_options: [1, 2, 3], maxlength: 100 },
  { name: 'lastname', label: 'Sukunimi', type: 'text', visibility: 3, visibility_options: [1, 2, 3], maxlength: 100 },
  { name: 'email', label: 'Sähköposti', type: 'email', visibility: 2, visibility_options: [0, 1, 2, 3], maxlength: 255 },
  { name: 'email_porg1', label: 'Huoltajan sähköposti 1', type: 'email', visibility: 2, visibility_options: [0, 1, 2, 3], maxlength: 255, porg: true },
  { name: 'email_porg2', label: 'Huoltajan sähköposti 2', type: 'email', visibility: 2, visibility_options: [0, 1, 2, 3], maxlength: 255, porg: true },
  { name: 'phone', label: 'Matkapuhelin', type: 'text', visibility: 2, visibility_options: [0, 1, 2, 3], maxlength: 30 },
  { name: 'address_street', label: 'Katuosoite', type: 'text', visibility: 2, visibility_options: [0, 1, 2, 3], maxlength: 255 },
  { name: 'address_zip', label: 'Postinumero', type: 'text', visibility: 2, visibility_options: [0, 1, 2, 3], maxlength: 10 },
  { name: 'address_city', label: 'Postitoimipaikka', type: 'text', visibility: 2, visibility_options: [0, 1, 2, 3], maxlength: 100 },
];

/** Always on the application form: an application needs a name and a way to reach the applicant. */
export const APPLY_FORM_LOCKED: ReadonlySet<string> = new Set(['firstname', 'lastname', 'email']);

/** Types that never appear on the application form (a heading follows its fields; passwords are not asked of applicants). */
export const APPLY_FORM_EXCLUDED_TYPES: readonly FieldType[] = ['heading', 'password'];

/** Whether the public application form shows (and accepts) a field. */
export function isOnApplyForm(field: Pick<Field, 'name' | 'type' | 'on_apply_form'>): boolean {
  if (APPLY_FORM_EXCLUDED_TYPES.includes(field.type)) return false;
  return APPLY_FORM_LOCKED.has(field.name) || field.on_apply_form === true;
}

export const FIXED_FIELD_NAMES: ReadonlySet<string> = new Set(FIXED_FIELDS.map((f) => f.name));
