// Member filters, as the filter editor builds them and the filter compiler reads them.
// A filter is a list of conditions, all ANDed; a FILTER_OR condition holds a list ORed.

export const FILTER_OR = 'FILTER_OR';

export const VERBS = [
  'eq',
  'neq',
  'contains',
  'not_contains',
  'starts',
  'empty',
  'not_empty',
  'gt',
  'lt',
  'before',
  'after',
  'between',
  'in_group',
  'not_in_group',
  'checked',
  'unchecked',
  'or',
] as const;
export type Verb = (typeof VERBS)[number];

/** Verbs that take no value: their value is dropped on normalisation. */
export const UNARY_VERBS: ReadonlySet<Verb> = new Set(['empty', 'not_empty', 'in_group', 'not_in_group', 'checked', 'unchecked']);
export const DATE_VERBS: ReadonlySet<Verb> = new Set(['before', 'after', 'between']);

export interface Condition {
  field: string;
  verb: Verb;
  value?: unknown;
  id?: string | number;
  /** A locked condition is shown but cannot be removed in the UI (e.g. set by a link). */
  locked?: boolean;
}

export type Filter = Condition[];

/** Which verbs the filter editor offers for a field of a type (groups: in/not in). */
export const VERBS_BY_KIND: Record<string, readonly Verb[]> = {
  text: ['contains', 'not_contains', 'eq', 'neq', 'starts', 'empty', 'not_empty'],
  number: ['eq', 'neq', 'gt', 'lt', 'empty', 'not_empty'],
  date: ['before', 'after', 'between', 'empty', 'not_empty'],
  checkbox: ['checked', 'unchecked'],
  /** A consent field: given or not, and when (its value is the date it was given). */
  consent: ['not_empty', 'empty', 'after', 'before', 'between'],
  dropdown: ['eq', 'neq', 'empty', 'not_empty'],
  /** Computed states such as email and SMS up-to-dateness: every member has one. */
  state: ['eq', 'neq'],
  group: ['in_group', 'not_in_group'],
};
