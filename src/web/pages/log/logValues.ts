import type { Field } from '../../../shared/fields/types';
import { FIELD_TYPES } from '../../../shared/fields/types';
import type { Filter } from '../../../shared/filter/types';
import type { LogDatum, LogEntry } from '../../../shared/schemas/log';
import type { TextOf } from './logFormat';

// Stored codes of log data as words: "Näkyvyys: muokattava → pakollinen",
// field types, dropdown values as their labels, a filter as its description, column and
// order lists as labels, member ids as member numbers. Pure: the hook passes the
// catalogue and the register's own fields and groups in.

export interface ValueSources {
  text: TextOf;
  /** A member field of the register by name (custom values, dropdown options). */
  fieldByName: (name: string) => Field | undefined;
  /** A group's label by name. */
  groupLabel: (name: string) => string | undefined;
  /** A filter read out, a line per condition (filterLabels.describeFilter). */
  describeFilter: (filter: Filter) => string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const words = (list: (string | undefined)[]): string => list.filter((s): s is string => Boolean(s)).join(', ');

/** Columns of an export that are no field or group. */
const MEMBER_COLUMNS: Record<string, string> = {
  id: 'member_list.col_member_number',
  member_since: 'member_list.col_member_since',
  active: 'log.field.active',
  board: 'log.field.board',
  site_admin: 'log.field.site_admin',
  created_at: 'member_export.col_created_at',
};

/** A field, group or member column by name, as the register calls it. */
function nameLabel(src: ValueSources, name: string): string {
  const key = MEMBER_COLUMNS[name];
  return src.fieldByName(name)?.label ?? src.groupLabel(name) ?? (key ? src.text(key) : undefined) ?? name;
}

function visibility(src: ValueSources, v: unknown): string | undefined {
  return typeof v === 'number' ? src.text(`log.visibility_${String(v)}`) : undefined;
}

function fieldType(src: ValueSources, v: unknown): string | undefined {
  return typeof v === 'string' && (FIELD_TYPES as readonly string[]).includes(v) ? src.text(`fields.type_${v}`) : undefined;
}

function optionLabels(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined;
  return words(v.map((o) => (isRecord(o) ? String(o.label ?? o.value ?? '') : String(o))));
}

/** A readable text for a stored value, or undefined when the value is plain data already. */
export function readableValue(src: ValueSources, field: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  switch (field) {
    case 'visibility':
      return visibility(src, value);
    case 'visibility_options':
      return Array.isArray(value) ? words(value.map((v) => visibility(src, v))) : undefined;
    case 'type':
      return fieldType(src, value);
    case 'allowed_senders':
      return value === 'admins_and_board' ? src.text('groups.senders_admins_and_board') : value === 'GroupMembers' ? src.text('groups.senders_group_members') : undefined;
    case 'options':
      return optionLabels(value);
    case 'params':
      if (!isRecord(value)) return undefined;
      return words(
        (['min', 'max', 'decimals'] as const)
          .filter((k) => typeof value[k] === 'number')
          .map((k) => `${src.text(`fields.${k}`) ?? k} ${String(value[k]).replace('.', ',')}`),
      );
    case 'order':
    case 'columns':
      return Array.isArray(value) ? words(value.map((n) => nameLabel(src, String(n)))) : undefined;
    case 'filter':
      if (!Array.isArray(value)) return undefined;
      return value.length === 0 ? src.text('log.filter_none') : src.describeFilter(value as Filter).join('; ');
    case 'field':
      // A deleted field: its label and type (the identifier stays out of sight).
      if (!isRecord(value)) return undefined;
      return words([String(value.label ?? ''), fieldType(src, value.type), Array.isArray(value.options) && value.options.length > 0 ? optionLabels(value.options) : undefined]);
    case 'group':
      return isRecord(value) ? words([String(value.label ?? ''), typeof value.email === 'string' ? value.email : undefined]) : undefined;
    case 'values':
      if (!Array.isArray(value)) return undefined;
      return value
        .filter(isRecord)
        .map((v) => src.text('log.member_value', { number: String(v.member_id), value: String(v.value ?? '') }))
        .join('; ');
    case 'members':
      return Array.isArray(value) ? (value.length === 0 ? src.text('log.members_none') : src.text('log.member_numbers', { numbers: value.join(', ') })) : undefined;
    case 'mfa_status':
      return typeof value === 'string' && value.startsWith('MFA_') ? src.text(`security.status_${value.slice(4).toLowerCase()}`) : undefined;
    case 'step':
      return typeof value === 'string' ? src.text(`log.mfa_step_${value}`) : undefined;
    case 'mfa_enabled_for':
      return typeof value === 'string' ? src.text(`security.policy_${value}`) : undefined;
  }
  // Member data: a dropdown's stored value as its label, a checkbox's 1/0 as yes/no.
  const f = src.fieldByName(field);
  if (f?.type === 'dropdown' && typeof value === 'string') return f.options.find((o) => o.value === value)?.label;
  if (f?.type === 'checkbox' && (value === 1 || value === 0 || value === '1' || value === '0')) return src.text(Number(value) === 1 ? 'member_list.yes' : 'member_list.no');
  return undefined;
}

/** Events about a field or group: the context already names it, so its identifier ("Tunniste") is not a data row. */
const DEFINITION_EVENTS = new Set(['field_created', 'field_updated', 'group_created', 'group_updated']);

/** The data rows shown for an entry (no internal identifiers). */
export function shownData(entry: Pick<LogEntry, 'event' | 'data'>): LogDatum[] {
  return DEFINITION_EVENTS.has(entry.event) ? entry.data.filter((d) => d.field !== 'name') : entry.data;
}
