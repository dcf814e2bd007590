import type { FieldRow } from '../../db/schema';
import type { Field, FieldOption, FieldParams, FieldType, Visibility } from '../../../shared/fields/types';

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
