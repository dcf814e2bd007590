import type { TFunction } from 'i18next';
import { formatFinnishDate, parseIsoDate } from '../../../shared/finnish/date';
import { type Condition, FILTER_OR, type Filter, type Verb } from '../../../shared/filter/types';
import type { FieldKind, FilterField } from './filterModel';

// Finnish words of the filter editor, and a filter read
// out as a sentence for pages that act on it (bulk edit, removed members).

/** A consent's conditions read as given / not given / given before…: its value is the date it was given. */
function consentVerbLabel(t: TFunction, verb: Verb): string | null {
  switch (verb) {
    case 'not_empty':
      return t('member_filter.consent_not_empty');
    case 'empty':
      return t('member_filter.consent_empty');
    case 'after':
      return t('member_filter.consent_after');
    case 'before':
      return t('member_filter.consent_before');
    case 'between':
      return t('member_filter.consent_between');
    default:
      return null;
  }
}

export function verbLabel(t: TFunction, verb: Verb, kind?: FieldKind): string {
  const consent = kind === 'consent' ? consentVerbLabel(t, verb) : null;
  if (consent) return consent;
  switch (verb) {
    case 'eq':
      return t('member_filter.verb_eq');
    case 'neq':
      return t('member_filter.verb_neq');
    case 'contains':
      return t('member_filter.verb_contains');
    case 'not_contains':
      return t('member_filter.verb_not_contains');
    case 'starts':
      return t('member_filter.verb_starts');
    case 'empty':
      return t('member_filter.verb_empty');
    case 'not_empty':
      return t('member_filter.verb_not_empty');
    case 'gt':
      return t('member_filter.verb_gt');
    case 'lt':
      return t('member_filter.verb_lt');
    case 'before':
      return t('member_filter.verb_before');
    case 'after':
      return t('member_filter.verb_after');
    case 'between':
      return t('member_filter.verb_between');
    case 'in_group':
      return t('member_filter.verb_in_group');
    case 'not_in_group':
      return t('member_filter.verb_not_in_group');
    case 'checked':
      return t('member_filter.verb_checked');
    case 'unchecked':
      return t('member_filter.verb_unchecked');
    case 'or':
      return t('member_filter.or_group');
  }
}

function valueText(field: FilterField | undefined, value: unknown): string {
  if (typeof value === 'string' && parseIsoDate(value)) return formatFinnishDate(value);
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (field?.kind === 'dropdown' || field?.kind === 'state') return field.options.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

function conditionText(t: TFunction, c: Condition, fields: readonly FilterField[]): string {
  const field = fields.find((f) => f.name === c.field);
  const label = field?.label ?? c.field;
  const verb = verbLabel(t, c.verb, field?.kind);
  if (c.verb === 'in_group') return t('member_filter.group_in_text', { group: label });
  if (c.verb === 'not_in_group') return t('member_filter.group_not_in_text', { group: label });
  if (c.value === undefined) return `${label} ${verb}`;
  if (c.verb === 'between' && Array.isArray(c.value)) {
    const [from, to] = c.value as unknown[];
    return t('member_filter.between_text', { field: label, from: valueText(field, from), to: valueText(field, to) });
  }
  return `${label} ${verb} ”${valueText(field, c.value)}”`;
}

/** One line per ANDed condition; an OR group reads "a tai b". */
export function describeFilter(t: TFunction, filter: Filter, fields: readonly FilterField[]): string[] {
  return filter.map((c) => {
    if (c.field !== FILTER_OR || !Array.isArray(c.value)) return conditionText(t, c, fields);
    const parts = (c.value as Condition[]).map((x) => conditionText(t, x, fields));
    return parts.join(` ${t('member_filter.or_word')} `);
  });
}
