import type { LogEntry } from '../../../shared/schemas/log';
import { historyValue, type ValueTexts } from '../members/historyFormat';

// Texts of the activity log: event and context names, field labels,
// and values of any JSON as short text. Pure: the catalogue and the register's own labels
// come in as functions, so the page, the dashboard and the tests share one logic.

/** Catalogue text for a key (with interpolation), or undefined when the catalogue has none. */
export type TextOf = (key: string, vars?: Record<string, string>) => string | undefined;

export interface LabelSources {
  text: TextOf;
  /** The association's own label of a member field or group, by name. */
  register: (name: string) => string | undefined;
}

/** Longest value text in the list; the entry's own page shows it all. */
export const LOG_VALUE_MAX = 80;

export function eventLabel(text: TextOf, event: string): string {
  return text(`log.event.${event}`) ?? event;
}

const MEMBER_CONTEXT = /^member:\d+$/;

/**
 * What the entry is about: "Jäsen: Matti Meikäläinen", "Kenttä: Jäsenlaji", "Asetukset: yhdistys"…
 * A field or group is named by its label (the register's, or a deleted one's from the entry's
 * data); its identifier only when neither is known.
 */
export function contextLabel(text: TextOf, entry: Pick<LogEntry, 'context' | 'member_'> & { data?: LogEntry['data'] }, register?: (name: string) => string | undefined): string {
  const { context } = entry;
  if (MEMBER_CONTEXT.test(context)) {
    return entry.member_ ? (text('log.context.member', { name: entry.member_.name }) ?? entry.member_.name) : (text('log.context.member_gone') ?? context);
  }
  const named = /^(fields|groups):(.+)$/.exec(context);
  if (named) {
    const removed = entry.data?.find((d) => d.field === 'field' || d.field === 'group')?.old;
    const removedLabel = typeof removed === 'object' && removed !== null && 'label' in removed ? String(removed.label) : undefined;
    const name = register?.(named[2]!) ?? removedLabel ?? named[2]!;
    return text(named[1] === 'fields' ? 'log.context.field' : 'log.context.group', { name }) ?? context;
  }
  if (context === '') return '–';
  return text(`log.context.${context}`) ?? context;
}

/** Events whose data are the association's settings (its name among them). */
const SETTINGS_EVENTS = new Set(['settings_changed', 'mfa_policy_changed', 'tenant_created']);

/**
 * A data row's field: the settings form's label, the register's own field or group label (else the
 * label stored with the entry, for a field deleted or renamed since), or a generic name.
 */
export function fieldLabel(src: LabelSources, event: string, field: string, stored?: string): string {
  if (SETTINGS_EVENTS.has(event)) {
    const label = src.text(`settings.${field === 'name_' ? 'name' : field}`);
    if (label) return label;
  }
  if (event.startsWith('member')) {
    const label = src.register(field) ?? stored;
    if (label) return label;
  }
  return src.text(`log.field.${field}`) ?? field;
}

export interface LogValueOptions {
  /** Cut longer texts with "…". */
  max?: number;
  /** Readable text for a stored code (a field type, a visibility, a filter…), when there is one (logValues.ts). */
  valueLabel?: (field: string, value: unknown) => string | undefined;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function scalar(field: string, value: unknown, texts: ValueTexts): string {
  return historyValue(field, value, texts);
}

/** Nested lists in brackets, nested objects in parentheses; deeper than that is "…". */
function compact(field: string, value: unknown, texts: ValueTexts, opts: LogValueOptions, depth: number): string {
  // Before the emptiness check: an empty filter reads "ei rajausta", not "–".
  const label = opts.valueLabel?.(field, value);
  if (label) return label;
  if (isEmpty(value)) return texts.empty;
  if (Array.isArray(value)) {
    if (depth > 2) return '…';
    const inner = value.map((v) => compact(field, v, texts, opts, depth + 1)).join(', ');
    return depth === 0 ? inner : `[${inner}]`;
  }
  if (typeof value === 'object' && value !== null) {
    if (depth > 2) return '…';
    const inner = Object.entries(value)
      .map(([k, v]) => `${k}: ${compact(k, v, texts, opts, depth + 1)}`)
      .join(', ');
    return depth === 0 ? inner : `(${inner})`;
  }
  return scalar(field, value, texts);
}

/**
 * An old or new value as text: booleans Kyllä/Ei, nothing as "–", numbers with a decimal
 * comma, dates and times in Finnish form, lists and objects on one line.
 */
export function logValue(field: string, value: unknown, texts: ValueTexts, opts: LogValueOptions = {}): string {
  const full = compact(field, value, texts, opts, 0);
  const max = opts.max ?? Infinity;
  return full.length > max ? `${full.slice(0, Math.max(1, max - 1)).trimEnd()}…` : full;
}
