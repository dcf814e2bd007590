import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';
import type { MemberModel } from '../members/model';
import { parseMemberInput, type MemberPatch } from '../members/input';
import { neutralizeCell } from '../members/neutralize';
import { fieldCellInput, groupCellValue } from '../../../shared/import/cells';
import { IGNORE, MEMBER_NUMBER, type MappingEntry } from './mapping';
import { cellAt, type Sheet } from './sheet';
import { membersByKey } from './match';
import { whichTaken } from '../members/repo';
import type { ImportRowError } from '../../../shared/schemas/importer';
import { FEDERATION_REF, FEDERATION_REF_MAX } from '../../../shared/members/federation';

// The check of an import: every row judged by the member form's own parser (so an import
// accepts exactly what the form accepts), matched to an existing member by the key field,
// and decided create / update. Nothing is written.

type RowError = ImportRowError;

export interface Planned {
  row: number;
  existing: Member | null;
  patch: MemberPatch;
}

/** `today` (ISO, Helsinki): consents dated after it are refused. */
export async function plan(db: Db, tenantId: number, model: MemberModel, sheet: Sheet, mapping: MappingEntry[], keyField: string, today?: string) {
  const errors: RowError[] = [];
  const planned: Planned[] = [];
  const colOf = (dst: string) => mapping.find((m) => m.dst_field === dst)?.src_col ?? dst;
  const keyCol = mapping.find((m) => m.dst_field === keyField)?.src_col;
  const index = new Map(sheet.header.map((h, i) => [h, i]));
  const active = mapping.filter((m) => m.dst_field !== IGNORE);

  // Existing members by key (live, not applications).
  const keys = keyCol ? sheet.rows.map((r) => cellAt(r, index.get(keyCol)!).text.trim().toLowerCase()).filter(Boolean) : [];
  const existingByKey = await membersByKey(db, tenantId, model, keyField, keys);

  const seenKeys = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const seenPhones = new Map<string, number>();
  for (const r of sheet.rows) {
    const rowErrors: RowError[] = [];
    const body: Record<string, unknown> = {};
    let federationRef = '';
    for (const m of active) {
      const cell = cellAt(r, index.get(m.src_col)!);
      if (cell.problem) {
        rowErrors.push({ row: r.row, column: m.src_col, key: cell.problem });
        continue;
      }
      // The member number only finds the member; it is never written.
      if (m.dst_field === MEMBER_NUMBER) continue;
      if (m.dst_field === FEDERATION_REF) {
        federationRef = cell.text.trim();
        if (federationRef.length > FEDERATION_REF_MAX) rowErrors.push({ row: r.row, column: m.src_col, key: '_validation_too_long' });
        continue;
      }
      if (model.groupByName.has(m.dst_field)) {
        const on = groupCellValue(cell.text);
        if (on === undefined) rowErrors.push({ row: r.row, column: m.src_col, key: '_validation_invalid' });
        else if (on !== null) body[m.dst_field] = on;
      } else body[m.dst_field] = cellInput(model.byName.get(m.dst_field)!, cell.text);
    }
    const key = keyCol ? cellAt(r, index.get(keyCol)!).text.trim().toLowerCase() : '';
    const existingMember = key ? (existingByKey.get(key) ?? null) : null;
    // A member number finds a member or is wrong: new members get their number from the register.
    if (key && !existingMember && keyField === MEMBER_NUMBER) rowErrors.push({ row: r.row, column: keyCol!, key: 'import_member_number_unknown' });
    // Updating a member, an empty cell means "no information": the stored value stays.
    if (existingMember) for (const k of Object.keys(body)) if (typeof body[k] === 'string' && (body[k] as string).trim() === '') delete body[k];
    if (key) {
      if (seenKeys.has(key)) rowErrors.push({ row: r.row, column: keyCol!, key: keyField === 'email' ? 'members_email_duplicate_in_file' : 'import_duplicate_key_in_file' });
      seenKeys.set(key, r.row);
    }
    const existing = existingMember;
    // An unknown member number is the row's error; the cells are still checked, but not as a new member's.
    const parsed = parseMemberInput(body, model, { mode: 'admin', creating: !existing && !(key && keyField === MEMBER_NUMBER), today });
    for (const [field, keysOf] of Object.entries(parsed.errors)) {
      // Empty required fields are let through as the form's "save anyway" does; names never.
      if (parsed.requiredOnly.includes(field)) continue;
      for (const k of keysOf) rowErrors.push({ row: r.row, column: colOf(field), key: k });
    }
    // An empty cell is no information, as for the fields of a member being updated.
    if (federationRef) parsed.patch.columns.federation_ref = federationRef;
    const email = parsed.patch.columns.email;
    if (email && keyField !== 'email') {
      if (seenEmails.has(email)) rowErrors.push({ row: r.row, column: colOf('email'), key: 'members_email_duplicate_in_file' });
      seenEmails.set(email, r.row);
    }
    const phone = parsed.patch.columns.phone;
    if (phone) {
      if (seenPhones.has(phone)) rowErrors.push({ row: r.row, column: colOf('phone'), key: 'members_phone_duplicate_in_file' });
      seenPhones.set(phone, r.row);
    }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else planned.push({ row: r.row, existing, patch: parsed.patch });
  }

  // Email and phone must stay unique among members the import does not itself update.
  await checkTaken(db, tenantId, planned, 'email', colOf('email'), errors);
  await checkTaken(db, tenantId, planned, 'phone', colOf('phone'), errors);
  const failed = new Set(errors.map((e) => e.row));
  return { planned: planned.filter((p) => !failed.has(p.row)), errors: errors.sort((a, b) => a.row - b.row), failedRows: failed.size };
}

/**
 * A cell as the member form's input: dropdown labels and yes/no words read (the
 * export writes them), and the apostrophe the export puts before formula-like text
 * (see neutralize.ts) comes off again, so an exported file imports back unchanged.
 */
function cellInput(field: { type: string; options: { value: string; label: string }[] }, text: string): unknown {
  if ((field.type === 'text' || field.type === 'textarea') && text.startsWith("'") && neutralizeCell(text.slice(1)) === text) return text.slice(1);
  return fieldCellInput(field as Parameters<typeof fieldCellInput>[0], text);
}

async function checkTaken(db: Db, tenantId: number, planned: Planned[], column: 'email' | 'phone', srcCol: string, errors: RowError[]): Promise<void> {
  const wanted = planned.filter((p) => p.patch.columns[column]);
  const taken = await whichTaken(db, tenantId, column, wanted.map((p) => ({ value: p.patch.columns[column]!, exceptId: p.existing?.id ?? null })));
  wanted.forEach((p, i) => {
    if (taken[i]) errors.push({ row: p.row, column: srcCol, key: column === 'email' ? 'members_email_not_unique' : 'members_phone_not_unique' });
  });
}
