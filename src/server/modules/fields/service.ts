import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { FieldRow, Member, Tenant } from '../../db/schema';
import type { Field, FieldOption } from '../../../shared/fields/types';
import { APPLY_FORM_EXCLUDED_TYPES, APPLY_FORM_LOCKED, FIXED_FIELDS } from '../../../shared/fields/types';
import { isReservedName, nameShapeError } from '../../../shared/fields/names';
import { convertValue, valueToText } from '../../../shared/fields/values';
import type { FieldSaveBody } from '../../../shared/schemas/fields';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import { NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import * as history from '../history/repo';
import * as settings from '../settings/repo';
import * as repo from './repo';
import type { Viewer } from '../../http/viewer';
import { fieldsFor, presentField, presentFields } from './present';

// Custom member fields: the field editor's rules, each user action one transaction.

/** Fields in form order. Porg (guardian email) fields only when porg is enabled; empty headings only on request. */
export async function listFields(deps: Deps, tenant: Tenant, opts: { allHeadings: boolean; viewer?: Viewer }): Promise<Field[]> {
  const [rows, stored] = await Promise.all([repo.listAll(deps.db, tenant.id), settings.getAll(deps.db, tenant.id)]);
  const porg = stored.porg_enabled === true;
  const visible = rows.filter((r) => porg || !FIXED_FIELDS.some((f) => f.porg && f.name === r.name));
  const fields = fieldsFor(opts.viewer ?? 'admin', presentFields(visible));
  if (opts.allHeadings) return fields;
  // A heading with nothing under it (before the next heading or the end) only clutters the form.
  return fields.filter((f, i) => f.type !== 'heading' || (fields[i + 1] !== undefined && fields[i + 1]!.type !== 'heading'));
}

export async function getField(deps: Deps, tenant: Tenant, id: number): Promise<Field & { value_count_: number }> {
  const row = await repo.findById(deps.db, tenant.id, id);
  if (!row) throw new NotFound();
  const all = presentFields(await repo.listAll(deps.db, tenant.id));
  const field = all.find((f) => f.id === id)!;
  return { ...field, value_count_: await repo.countValues(deps.db, tenant.id, id) };
}

function checkShape(body: FieldSaveBody, visibilityOptions: number[]): ValidationErrors {
  const errors: ValidationErrors = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  const nameError = nameShapeError(body.name);
  if (nameError) add('name', nameError);
  if (!visibilityOptions.includes(body.visibility)) add('visibility', 'fields_invalid_visibility_option');
  if (body.type === 'dropdown') {
    const kept = body.options.filter((o) => !o.remove);
    if (kept.length === 0 || kept.some((o) => o.value === '' || o.label === '')) add('options', 'fields_dropdown_options_required');
    else if (new Set(kept.map((o) => o.value)).size !== kept.length) add('options', 'fields_dropdown_options_duplicate');
  }
  if (body.params.min !== undefined && body.params.max !== undefined && body.params.min > body.params.max) add('params', 'value_too_small');
  return errors;
}

/**
 * The application-form setting to store: names and email are always on,
 * headings and passwords never; otherwise the admin's choice, off for a new field.
 */
function onApplyForm(name: string, type: string, asked: boolean | undefined, current: 0 | 1 | null, errors: ValidationErrors): 0 | 1 {
  if (APPLY_FORM_LOCKED.has(name)) {
    if (asked === false) errors.on_apply_form = ['fields_apply_form_locked'];
    return 1;
  }
  if ((APPLY_FORM_EXCLUDED_TYPES as readonly string[]).includes(type)) return 0;
  return asked === undefined ? (current ?? 0) : asked ? 1 : 0;
}

function throwIfAny(errors: ValidationErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Custom fields may take any visibility; a heading is either shown or not. Fixed fields keep their own list. */
function visibilityOptionsFor(type: string, fixedOptions: number[] | null): number[] {
  if (fixedOptions) return fixedOptions;
  return type === 'heading' ? [0, 2] : [0, 1, 2, 3];
}

function storedOptions(body: FieldSaveBody): FieldOption[] {
  return body.type === 'dropdown' ? body.options.filter((o) => !o.remove).map((o) => ({ value: o.value, label: o.label })) : [];
}

export async function createField(deps: Deps, tenant: Tenant, me: Member, body: FieldSaveBody): Promise<Field> {
  const visibilityOptions = visibilityOptionsFor(body.type, null);
  const errors = checkShape(body, visibilityOptions);
  const applyForm = onApplyForm(body.name, body.type, body.on_apply_form, null, errors);
  if (!errors.name && (isReservedName(body.name) || (await repo.findByName(deps.db, tenant.id, body.name)))) {
    errors.name = ['fields_duplicate_name'];
  }
  throwIfAny(errors);
  return act(deps, tenant, me, 'field_created', async (trx, line, now) => {
    const row = await repo.insert(trx, tenant.id, {
      name: body.name,
      label: body.label,
      type: body.type,
      visibility: body.visibility,
      visibility_options: JSON.stringify(visibilityOptions),
      options: JSON.stringify(storedOptions(body)),
      params: JSON.stringify(body.params),
      help_text: body.help_text,
      maxlength: body.maxlength,
      fixed: 0,
      on_apply_form: applyForm,
      position: await repo.nextPosition(trx, tenant.id),
      created_at: now,
      updated_at: now,
    });
    line.context = 'fields';
    line.data = [
      { field: 'name', new: row.name },
      { field: 'label', new: row.label },
      { field: 'type', new: row.type },
      { field: 'on_apply_form', new: row.on_apply_form === 1 },
    ];
    return presentField(row);
  });
}

/** Attributes compared for the log; a change of any is one log line with old and new. */
const LOGGED = ['label', 'type', 'visibility', 'options', 'params', 'help_text', 'maxlength', 'on_apply_form'] as const;

export async function updateField(deps: Deps, tenant: Tenant, me: Member, id: number, body: FieldSaveBody): Promise<Field> {
  const current = await repo.findById(deps.db, tenant.id, id);
  if (!current) throw new NotFound();
  const fixed = current.fixed === 1;
  const visibilityOptions = visibilityOptionsFor(body.type, fixed ? (JSON.parse(current.visibility_options) as number[]) : null);
  const errors = checkShape(body, visibilityOptions);
  if (!errors.name && body.name !== current.name) {
    if (fixed) errors.name = ['fields_fixed_cannot_rename'];
    else if (isReservedName(body.name)) errors.name = ['fields_duplicate_name'];
    else {
      const other = await repo.findByName(deps.db, tenant.id, body.name);
      if (other && other.id !== id) errors.name = ['fields_duplicate_name'];
    }
  }
  if (fixed && body.type !== current.type) errors.type = ['fields_fixed_cannot_change_type'];
  const applyForm = onApplyForm(current.name, body.type, body.on_apply_form, current.on_apply_form, errors);
  throwIfAny(errors);

  const oldField = presentField(current);
  const newOptions = storedOptions(body);
  return act(deps, tenant, me, 'field_updated', async (trx, line, now) => {
    // Removing dropdown options that members use needs the admin's decision first.
    if (current.type === 'dropdown' && body.type === 'dropdown') {
      const removed = oldField.options.filter((o) => !newOptions.some((n) => n.value === o.value));
      if (removed.length > 0) {
        const used = await repo.valuesWithText(trx, tenant.id, id, removed.map((o) => o.value));
        if (used.length > 0) {
          if (!body.option_removal) {
            throw new ValidationError({ options: ['fields_option_in_use'] }, { count: used.length, options: removed.filter((o) => used.some((u) => u.value_text === o.value)).map((o) => o.label) });
          }
          if (body.option_removal === 'keep_in_history') {
            await history.appendMany(
              trx,
              tenant.id,
              used.map((u) => ({
                memberId: u.member_id,
                context: 'PersonUpdate' as const,
                data: [{ field: current.name, label: current.label, old: removed.find((o) => o.value === u.value_text)?.label ?? u.value_text, new: null }],
                authorId: me.id,
                at: now,
              })),
            );
          }
          await repo.deleteValuesWithText(trx, tenant.id, id, removed.map((o) => o.value));
        }
      }
    }
    if (body.type !== current.type) await convertValues(trx, tenant.id, current, body);

    const next = {
      name: body.name,
      label: body.label,
      type: body.type,
      visibility: body.visibility,
      visibility_options: JSON.stringify(visibilityOptions),
      options: JSON.stringify(newOptions),
      params: JSON.stringify(body.params),
      help_text: body.help_text,
      maxlength: body.maxlength,
      on_apply_form: applyForm,
      updated_at: now,
    };
    await repo.update(trx, tenant.id, id, next);
    const updated = presentField({ ...current, ...next });
    line.context = `fields:${body.name}`;
    if (current.name !== body.name) line.data.push({ field: 'name', old: current.name, new: body.name });
    for (const k of LOGGED) {
      if (JSON.stringify(oldField[k]) !== JSON.stringify(updated[k])) line.data.push({ field: k, old: oldField[k], new: updated[k] });
    }
    line.write = line.data.length > 0;
    return updated;
  });
}

/** Converts every value to the new type, or refuses the change when any would not fit. */
async function convertValues(db: Db, tenantId: number, current: FieldRow, body: FieldSaveBody): Promise<void> {
  const from = presentField(current);
  const to = { type: body.type, maxlength: body.maxlength, options: storedOptions(body), params: body.params };
  const values = await repo.valuesOf(db, tenantId, current.id);
  const converted = values.map((v) => ({ v, c: convertValue(from, to, { text: v.value_text, num: v.value_num }) }));
  const failing = converted.filter((x) => x.c === null);
  if (failing.length > 0) {
    throw new ValidationError(
      { type: ['fields_type_change_not_convertible'] },
      { count: failing.length, examples: failing.slice(0, 3).map((x) => valueToText(from.type, { text: x.v.value_text, num: x.v.value_num })) },
    );
  }
  for (const { v, c } of converted) await repo.setValue(db, tenantId, current.id, v.member_id, c!.text, c!.num);
}

export async function deleteField(deps: Deps, tenant: Tenant, me: Member, id: number, opts: { confirmed: boolean }): Promise<void> {
  const current = await repo.findById(deps.db, tenant.id, id);
  if (!current) throw new NotFound();
  if (current.fixed === 1) throw ValidationError.general('fields_fixed_cannot_delete');
  await act(deps, tenant, me, 'field_deleted', async (trx, line) => {
    const values = await repo.valuesOf(trx, tenant.id, id);
    if (values.length > 0 && !opts.confirmed) {
      throw new ValidationError({ general: ['fields_delete_confirm'] }, { count: values.length });
    }
    const field = presentField(current);
    line.context = `fields:${current.name}`;
    // The values themselves go to the log, so the deletion can be audited.
    line.data = [
      { field: 'field', old: { name: field.name, label: field.label, type: field.type, options: field.options } },
      { field: 'values', old: values.map((v) => ({ member_id: v.member_id, value: valueToText(field.type, { text: v.value_text, num: v.value_num }) })) },
    ];
    await repo.remove(trx, tenant.id, id); // member_values rows go with it (a cascade: a key on SQLite, a trigger on PostgreSQL)
  });
}

export async function reorderFields(deps: Deps, tenant: Tenant, me: Member, order: number[]): Promise<Field[]> {
  const rows = await repo.listAll(deps.db, tenant.id);
  const known = new Set(rows.map((r) => r.id));
  if (new Set(order).size !== order.length || order.some((id) => !known.has(id))) {
    throw ValidationError.field('order', '_validation_invalid');
  }
  // Fields left out (e.g. hidden porg fields) keep their relative order after the given ones.
  const full = [...order, ...rows.map((r) => r.id).filter((id) => !order.includes(id))];
  await act(deps, tenant, me, 'fields_reordered', async (trx, line) => {
    for (const [position, id] of full.entries()) await repo.setPosition(trx, tenant.id, id, position);
    line.context = 'fields';
    line.data = [{ field: 'order', old: rows.map((r) => r.name), new: full.map((id) => rows.find((r) => r.id === id)!.name) }];
  });
  return listFields(deps, tenant, { allHeadings: true });
}

/** Built-in fields for a new tenant (called inside the tenant-creation transaction). */
export async function createFixedFields(db: Db, tenantId: number, now: string): Promise<void> {
  for (const [position, f] of FIXED_FIELDS.entries()) {
    await repo.insert(db, tenantId, {
      name: f.name,
      label: f.label,
      type: f.type,
      visibility: f.visibility,
      visibility_options: JSON.stringify(f.visibility_options),
      options: '[]',
      params: '{}',
      help_text: '',
      maxlength: f.maxlength,
      fixed: 1,
      // Names and contact data are what an application asks.
      on_apply_form: 1,
      position,
      created_at: now,
      updated_at: now,
    });
  }
}
