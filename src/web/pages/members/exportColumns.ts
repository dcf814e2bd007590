import type { Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';

// Columns of the member export: the member number and names always,
// then the admin's choice among the fixed fields, custom fields, groups and the member's
// state, remembered in session persistent data. The server writes them in this order.

export type ExportSection = 'fixed' | 'custom' | 'group' | 'member';

export interface ExportColumn {
  name: string;
  label: string;
  section: ExportSection;
}

/** Member state columns the export knows besides fields and groups. */
export const MEMBER_STATE_COLUMNS = ['member_since', 'active', 'board', 'site_admin', 'created_at', 'federation_ref'] as const;
export type MemberStateColumn = (typeof MEMBER_STATE_COLUMNS)[number];

export const DEFAULT_EXPORT_COLUMNS: readonly string[] = ['email', 'phone'];

/** Always in the file (the first three columns), so not offered for choosing. */
const ALWAYS = new Set(['firstname', 'lastname']);

export function exportColumns(
  fields: readonly Field[],
  groups: readonly Group[],
  stateLabel: (column: MemberStateColumn) => string,
): ExportColumn[] {
  const values = fields.filter((f) => f.type !== 'heading' && f.type !== 'password' && !ALWAYS.has(f.name));
  return [
    ...values.filter((f) => f.fixed).map((f): ExportColumn => ({ name: f.name, label: f.label, section: 'fixed' })),
    ...values.filter((f) => !f.fixed).map((f): ExportColumn => ({ name: f.name, label: f.label, section: 'custom' })),
    // 'everyone' is every member and 'board' is the board flag below: neither says anything as a group column.
    ...groups.filter((g) => g.builtin === null).map((g): ExportColumn => ({ name: g.name, label: g.label, section: 'group' })),
    ...MEMBER_STATE_COLUMNS.map((name): ExportColumn => ({ name, label: stateLabel(name), section: 'member' })),
  ];
}

/** The remembered choice without columns that no longer exist; email and phone when nothing valid is stored. */
export function storedExportColumns(stored: unknown, available: readonly ExportColumn[]): string[] {
  const known = (name: unknown): name is string => typeof name === 'string' && available.some((c) => c.name === name);
  if (!Array.isArray(stored)) return DEFAULT_EXPORT_COLUMNS.filter(known);
  return inChooserOrder(stored.filter(known), available);
}

/** Chosen columns in the chooser's order (form order), whatever order they were ticked in. */
export function inChooserOrder(chosen: readonly string[], available: readonly ExportColumn[]): string[] {
  const set = new Set(chosen);
  return available.filter((c) => set.has(c.name)).map((c) => c.name);
}
