import type { FieldRow } from '../../db/schema';
import { VISIBILITY_READONLY, type Field, type FieldOption, type FieldParams, type FieldType, type Visibility } from '../../../shared/fields/types';
import type { Viewer } from '../../http/viewer';

/** Row → API shape. `group` is the nearest heading above the field in the configured order. */
export function presentFields(rows: FieldRow[]): Field[] {
  let heading: string | null = null;
  return rows.map((r) => {
    if (r.type === 'heading') heading = r.name;
    return presentField(r, r.type === 'heading' ? null : heading);
  });
}

export function presentField(r: FieldRow, group: string | null = null): Field {
  return {
    id: r.id,
    name: r.name,
    label: r.label,
    type: r.type as FieldType,
    visibility: r.visibility as Visibility,
    visibility_options: JSON.parse(r.visibility_options) as Visibility[],
    options: JSON.parse(r.options) as FieldOption[],
    params: JSON.parse(r.params) as FieldParams,
    group,
    help_text: r.help_text,
    maxlength: r.maxlength,
    fixed: r.fixed === 1,
    position: r.position,
    on_apply_form: r.on_apply_form === 1,
  };
}

/** Without the settings only the field editor uses (which visibilities a field may take, the application form switch). */
export function withoutAdminSettings(f: Field): Field {
  const { visibility_options: _options, on_apply_form: _apply, ...rest } = f;
  return rest;
}

/**
 * Fields as a viewer may see them: admins everything; the board every field
 * (it reads the whole register) without the editor's settings; an ordinary member only
 * fields shown to members (visibility ≥ 1), likewise without them.
 */
export function fieldsFor(viewer: Viewer, fields: Field[]): Field[] {
  if (viewer === 'admin') return fields;
  if (viewer === 'board') return fields.map(withoutAdminSettings);
  const shown = fields.filter((f) => f.visibility >= VISIBILITY_READONLY);
  // Nor the name of a hidden heading through the `group` of the fields under it.
  const headings = new Set(shown.filter((f) => f.type === 'heading').map((f) => f.name));
  return shown.map((f) => ({ ...withoutAdminSettings(f), group: f.group !== null && headings.has(f.group) ? f.group : null }));
}
