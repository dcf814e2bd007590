import type { Field } from '../../../shared/fields/types';
import { parseFieldValue, valueToText } from '../../../shared/fields/values';
import { formatFinnishMobile, readMemberPhone } from '../../../shared/finnish/phone';
import { fieldCellInput, groupCellValue } from '../../../shared/import/cells';
export { groupCellValue };
import type { Group } from '../../../shared/schemas/groups';
import { FEDERATION_REF, FEDERATION_REF_MAX } from '../../../shared/members/federation';
import { IGNORE, type ImportId, type ImportRowError, type MappingItem, MEMBER_NUMBER, type SheetInfo } from '../../api/importer';

// The import wizard's rules without React: where a column can go, the
// suggested mapping, duplicate destinations, the key field, the preview of a cell as
// it will be stored, and the state kept in the tab so the wizard can be resumed.

export type Destination = { kind: 'field'; name: string; label: string; field: Field } | { kind: 'group'; name: string; label: string; group: Group };

/**
 * The member number as a destination: it only finds members (a key), it is
 * never written; typed as an integer so the preview and the key choice treat it as one.
 */
export function memberNumberDestination(label: string): Destination {
  return systemDestination(MEMBER_NUMBER, label, 'integer', 10);
}

/** The federation register's member id (members.federation_ref, "Liiton jäsennumero"): written as text, never a key. */
export function federationRefDestination(label: string): Destination {
  return systemDestination(FEDERATION_REF, label, 'text', FEDERATION_REF_MAX);
}

function systemDestination(name: string, label: string, type: Field['type'], maxlength: number): Destination {
  const field: Field = {
    id: 0,
    name,
    label,
    type,
    visibility: 1,
    visibility_options: [1],
    options: [],
    params: {},
    group: null,
    help_text: '',
    maxlength,
    fixed: true,
    position: 0,
  };
  return { kind: 'field', name, label, field };
}

/** Fields that take a value from a file (not headings or passwords), then the groups members can be put in. */
export function destinations(fields: readonly Field[], groups: readonly Group[], memberNumberLabel?: string, federationRefLabel?: string): Destination[] {
  return [
    ...(memberNumberLabel ? [memberNumberDestination(memberNumberLabel)] : []),
    ...(federationRefLabel ? [federationRefDestination(federationRefLabel)] : []),
    ...fields
      .filter((f) => f.type !== 'heading' && f.type !== 'password')
      .map((field): Destination => ({ kind: 'field', name: field.name, label: field.label, field })),
    // "Everyone" holds every member by definition; it is nothing to import into.
    ...groups.filter((g) => g.builtin !== 'everyone').map((group): Destination => ({ kind: 'group', name: group.name, label: group.label, group })),
  ];
}

/** Every source column with a destination: the server's suggestion when it is a known destination, else "Ohita". */
export function initialMapping(srcCols: readonly string[], suggested: readonly MappingItem[], known: readonly Destination[]): MappingItem[] {
  const names = new Set(known.map((d) => d.name));
  const used = new Set<string>();
  return srcCols.map((src_col) => {
    const hint = suggested.find((s) => s.src_col === src_col)?.dst_field;
    // Two columns suggested to one field: the first keeps it, the user decides about the rest.
    const dst_field = hint && names.has(hint) && !used.has(hint) ? hint : IGNORE;
    if (dst_field !== IGNORE) used.add(dst_field);
    return { src_col, dst_field };
  });
}

/** Source columns (by index) whose destination another column also has. */
export function duplicateColumns(mapping: readonly MappingItem[]): Map<number, string[]> {
  const byDest = new Map<string, number[]>();
  mapping.forEach((m, index) => {
    if (m.dst_field === IGNORE) return;
    byDest.set(m.dst_field, [...(byDest.get(m.dst_field) ?? []), index]);
  });
  const result = new Map<number, string[]>();
  for (const indexes of byDest.values()) {
    if (indexes.length < 2) continue;
    for (const index of indexes) {
      result.set(
        index,
        indexes.filter((i) => i !== index).map((i) => mapping[i]?.src_col ?? ''),
      );
    }
  }
  return result;
}

/** Field types a member can be recognised by: one value per member, typed as text, email or number. */
const KEY_TYPES = new Set<Field['type']>(['text', 'email', 'integer']);
export const DEFAULT_KEY_FIELD = 'email';
/** Names are not unique, so they never identify a member. */
const NAME_FIELDS = new Set(['firstname', 'lastname']);

/**
 * Key field choices: the mapped fields that can identify a member, email first (the
 * default). The server needs the key among the mapped columns (import_key_field_not_mapped);
 * with none mapped, email is offered alone and the step shows that error.
 */
export function keyFieldChoices(mapping: readonly MappingItem[], known: readonly Destination[]): Destination[] {
  const mapped = new Set(mapping.map((m) => m.dst_field));
  const email = known.find((d) => d.name === DEFAULT_KEY_FIELD);
  const others = known.filter(
    (d) => d.kind === 'field' && d.name !== DEFAULT_KEY_FIELD && d.name !== FEDERATION_REF && !NAME_FIELDS.has(d.name) && mapped.has(d.name) && KEY_TYPES.has(d.field.type),
  );
  const choices = others.length === 0 || (email && mapped.has(email.name)) ? [...(email ? [email] : []), ...others] : others;
  // The member number, when mapped, is the exact match (the export's own column): first.
  const memberNumber = choices.find((d) => d.name === MEMBER_NUMBER);
  return memberNumber ? [memberNumber, ...choices.filter((d) => d !== memberNumber)] : choices;
}

/** The key field to use: the chosen one while it is a choice, else the first choice. */
export function effectiveKeyField(chosen: string, choices: readonly Destination[]): string {
  return choices.some((c) => c.name === chosen) ? chosen : (choices[0]?.name ?? DEFAULT_KEY_FIELD);
}

export type PreviewCell = { kind: 'text'; text: string } | { kind: 'flag'; value: boolean } | { kind: 'error'; raw: string; key: string };

/** One cell as the member will have it: validated like the member form, dates d.M.yyyy, phones as people write them. */
export function previewCell(dest: Destination, raw: string): PreviewCell {
  if (dest.kind === 'group') {
    const value = groupCellValue(raw);
    if (value === undefined) return { kind: 'error', raw, key: '_validation_invalid' };
    return value === null ? { kind: 'text', text: '' } : { kind: 'flag', value };
  }
  const { field } = dest;
  if (field.name === 'phone') {
    if (raw.trim() === '') return { kind: 'text', text: '' };
    const phone = readMemberPhone(raw);
    return phone.number ? { kind: 'text', text: formatFinnishMobile(phone.number) } : { kind: 'error', raw, key: `members_phone_${phone.problem ?? 'format'}` };
  }
  // Read as the server reads it: dropdown labels, yes/no words.
  const parsed = parseFieldValue(field, fieldCellInput(field, raw));
  if (!parsed.ok) return { kind: 'error', raw, key: parsed.key };
  if (field.type === 'checkbox') return raw.trim() === '' ? { kind: 'text', text: '' } : { kind: 'flag', value: parsed.value.num === 1 };
  if (field.type === 'dropdown') return { kind: 'text', text: field.options.find((o) => o.value === parsed.value.text)?.label ?? parsed.value.text ?? '' };
  return { kind: 'text', text: valueToText(field.type, parsed.value) };
}

/** How many rows have at least one error. */
export const errorRowCount = (errors: readonly ImportRowError[]): number => new Set(errors.map((e) => e.row)).size;

// --- State kept in the tab (sessionStorage): a reload, or a detour to add a field, resumes here ---

export const WIZARD_STEPS = 4;
export type WizardStep = 0 | 1 | 2 | 3;

export interface UploadedFile {
  id: ImportId;
  filename: string;
  sheets: SheetInfo[];
}

export interface SavedWizard {
  step: WizardStep;
  upload: UploadedFile | null;
  sheet: string | null;
  /** Null until the sheet's columns have been read. */
  mapping: MappingItem[] | null;
  keyField: string;
}

export const EMPTY_WIZARD: SavedWizard = { step: 0, upload: null, sheet: null, mapping: null, keyField: DEFAULT_KEY_FIELD };

const STORAGE_KEY = 'seura.import.wizard';

const isMappingItem = (v: unknown): v is MappingItem =>
  typeof v === 'object' && v !== null && typeof (v as MappingItem).src_col === 'string' && typeof (v as MappingItem).dst_field === 'string';

/** The saved wizard, or null when there is none or it cannot be read (an older version, a hand-edited value). */
export function parseSavedWizard(text: string | null): SavedWizard | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const step = v.step;
  if (step !== 0 && step !== 1 && step !== 2 && step !== 3) return null;
  const upload = v.upload as UploadedFile | null;
  if (upload !== null) {
    if (typeof upload !== 'object' || !(typeof upload.id === 'string' || typeof upload.id === 'number') || typeof upload.filename !== 'string') return null;
    if (!Array.isArray(upload.sheets) || !upload.sheets.every((s) => typeof s?.name === 'string' && typeof s.row_count === 'number')) return null;
  }
  const sheet = typeof v.sheet === 'string' ? v.sheet : null;
  const mapping = Array.isArray(v.mapping) && v.mapping.every(isMappingItem) ? v.mapping : null;
  const keyField = typeof v.keyField === 'string' && v.keyField !== '' ? v.keyField : DEFAULT_KEY_FIELD;
  // Without a file there is nothing to map; results are not kept, so step 4 resumes at step 3 to check again.
  const reachable: WizardStep = upload === null ? (Math.min(step, 1) as WizardStep) : (Math.min(step, 2) as WizardStep);
  return { step: reachable, upload, sheet, mapping, keyField };
}

export function loadWizard(storage: Pick<Storage, 'getItem'> | null = safeSessionStorage()): SavedWizard | null {
  return parseSavedWizard(storage?.getItem(STORAGE_KEY) ?? null);
}

export function saveWizard(state: SavedWizard, storage: Pick<Storage, 'setItem'> | null = safeSessionStorage()): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the wizard still works, it just cannot be resumed after a reload.
  }
}

export function clearWizard(storage: Pick<Storage, 'removeItem'> | null = safeSessionStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
