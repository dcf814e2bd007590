import { sql } from 'kysely';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { HttpError, NotFound, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import * as activity from '../log/append';
import { loadModel, type MemberModel } from '../members/model';
import { parseMemberInput, type MemberPatch } from '../members/input';
import * as members from '../members/repo';
import { insertMembers, writeMember } from '../members/write';
import { undoBatch } from '../members/undo';
import { checkMapping, IGNORE, MEMBER_NUMBER, suggestMapping, type MappingEntry } from './mapping';
import { cellAt, readSheets, UploadError, type Sheet } from './parse';
import { CHANGES_SHOWN, describeChanges, differentPerson, FLAGGED_SHOWN, priorValues, type RowChanges } from './changes';
import { fieldCellInput, groupCellValue } from '../../../shared/import/cells';
import { neutralizeCell } from '../members/neutralize';
import { IMPORTS_PAGE_SIZE } from '../../../shared/constants';
import { cleanupUploads, discardImportedFile } from './cleanup';
import { cachedSheets, cacheSheets } from './sheetCache';

// The import wizard's server side (issue 7): upload → sheet metadata → dry run → import
// in one transaction as an undoable batch. Values are judged by the member form's own
// parser, so an import accepts exactly what the form accepts.


export interface RowError {
  row: number;
  column: string;
  key: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Rows matched to a member whose name differs, not confirmed: left out (issue 21.3). */
  skipped_different_person: number;
  errors: RowError[];
  /** Dry run: what the updates change, the first rows of them (flagged rows always). */
  changes?: RowChanges[];
  /** Dry run: how many rows would change a member (listed or not), confirmed or not. */
  changes_total?: number;
  import_id?: string;
}

export interface ImportRequest {
  id: string;
  sheet?: string;
  mapping: MappingEntry[];
  keyField: string;
  dryRun: boolean;
  skipErrorRows: boolean;
  /** Row numbers the user confirmed although the name differs from the matched member's. */
  confirmRows?: number[];
}

async function loadImport(deps: Deps, tenant: Tenant, id: string) {
  const row = await deps.db.selectFrom('imports').selectAll().where('tenant_id', '=', tenant.id).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound();
  return row;
}

export async function upload(deps: Deps, tenant: Tenant, me: Member, filename: string, bytes: Buffer) {
  let sheets: Sheet[];
  try {
    sheets = await readSheets(filename, bytes);
  } catch (e) {
    if (e instanceof UploadError) throw ValidationError.field('file', 'upload_error');
    throw e;
  }
  const id = crypto.randomUUID();
  const kind = filename.toLowerCase().endsWith('.xlsx') || bytes.subarray(0, 2).toString() === 'PK' ? 'xlsx' : 'csv';
  const dir = path.join(deps.config.dataDir, 'uploads', String(tenant.id));
  await fs.mkdir(dir, { recursive: true });
  const stored = path.join(dir, `${id}.${kind}`);
  await fs.writeFile(stored, bytes);
  // The wizard's next steps use these sheets as parsed now (sheetCache.ts).
  cacheSheets(tenant.id, id, await mtimeOf(stored), sheets);
  const summary = sheets.map((s) => ({ name: s.name, row_count: s.rows.length }));
  const safeName = path.basename(filename).slice(0, 200) || `tuonti.${kind}`;
  await deps.db
    .insertInto('imports')
    .values({ id, tenant_id: tenant.id, filename: safeName, stored_path: stored, kind, sheets: JSON.stringify(summary), author_id: me.id, uploaded_at: iso(deps.clock.now()), created: 0, updated: 0 })
    .execute();
  // Opportunistically, old uploads go as new ones arrive (besides the hourly pass).
  void cleanupUploads(deps).catch(() => undefined);
  return { id, filename: safeName, sheets: summary };
}

/** Whole milliseconds: what a Date (and so fs.utimes, a backup restore) can carry. */
const mtimeOf = async (file: string) => Math.round((await fs.stat(file)).mtimeMs);

async function sheetOf(deps: Deps, tenant: Tenant, id: string, sheetName?: string): Promise<Sheet> {
  const imp = await loadImport(deps, tenant, id);
  // A finished import's file is gone (cleanup.ts): nothing left to read.
  if (!imp.stored_path) throw new NotFound();
  const mtimeMs = await mtimeOf(imp.stored_path);
  let sheets = cachedSheets(tenant.id, id, mtimeMs);
  if (!sheets) {
    sheets = await readSheets(imp.filename, await fs.readFile(imp.stored_path));
    cacheSheets(tenant.id, id, mtimeMs, sheets);
  }
  const sheet = sheetName ? sheets.find((s) => s.name === sheetName) : sheets.find((s) => s.header.length > 0);
  if (!sheet) throw ValidationError.field('sheet', '_validation_invalid_choice');
  return sheet;
}

export async function sheetMetadata(deps: Deps, tenant: Tenant, id: string, sheetName?: string) {
  const [sheet, model] = await Promise.all([sheetOf(deps, tenant, id, sheetName), loadModel(deps.db, tenant.id)]);
  return {
    src_cols: sheet.header,
    data_rows: sheet.rows.slice(0, 10).map((r) => sheet.header.map((_, i) => cellAt(r, i).text)),
    row_count: sheet.rows.length,
    suggested_mapping: suggestMapping(sheet.header, model),
  };
}


interface Planned {
  row: number;
  existing: Member | null;
  patch: MemberPatch;
}

/** Validates every row and decides create / update / unchanged; nothing is written. */
async function plan(deps: Deps, tenant: Tenant, model: MemberModel, sheet: Sheet, mapping: MappingEntry[], keyField: string) {
  const errors: RowError[] = [];
  const planned: Planned[] = [];
  const colOf = (dst: string) => mapping.find((m) => m.dst_field === dst)?.src_col ?? dst;
  const keyCol = mapping.find((m) => m.dst_field === keyField)?.src_col;
  const index = new Map(sheet.header.map((h, i) => [h, i]));
  const active = mapping.filter((m) => m.dst_field !== IGNORE);

  // Existing members by key (live, not applications).
  const keys = keyCol ? sheet.rows.map((r) => cellAt(r, index.get(keyCol)!).text.trim().toLowerCase()).filter(Boolean) : [];
  const existingByKey = await membersByKey(deps, tenant, model, keyField, keys);

  const seenKeys = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const seenPhones = new Map<string, number>();
  for (const r of sheet.rows) {
    const rowErrors: RowError[] = [];
    const body: Record<string, unknown> = {};
    for (const m of active) {
      const cell = cellAt(r, index.get(m.src_col)!);
      if (cell.problem) {
        rowErrors.push({ row: r.row, column: m.src_col, key: cell.problem });
        continue;
      }
      // The member number only finds the member; it is never written.
      if (m.dst_field === MEMBER_NUMBER) continue;
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
    const parsed = parseMemberInput(body, model, { mode: 'admin', creating: !existing && !(key && keyField === MEMBER_NUMBER) });
    for (const [field, keysOf] of Object.entries(parsed.errors)) {
      // Empty required fields are let through as the form's "save anyway" does; names never.
      if (parsed.requiredOnly.includes(field)) continue;
      for (const k of keysOf) rowErrors.push({ row: r.row, column: colOf(field), key: k });
    }
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
  await checkTaken(deps, tenant, planned, 'email', colOf('email'), errors);
  await checkTaken(deps, tenant, planned, 'phone', colOf('phone'), errors);
  const failed = new Set(errors.map((e) => e.row));
  return { planned: planned.filter((p) => !failed.has(p.row)), errors: errors.sort((a, b) => a.row - b.row), failedRows: failed.size };
}

/** Existing members (live, not applications) by the lower-cased key: email, member number or a custom field. */
async function membersByKey(deps: Deps, tenant: Tenant, model: MemberModel, keyField: string, keys: string[]): Promise<Map<string, Member>> {
  const out = new Map<string, Member>();
  const field = model.byName.get(keyField);
  const live = deps.db.selectFrom('members as m').where('m.tenant_id', '=', tenant.id).where('m.deleted_at', 'is', null).where('m.pending', '=', 0);
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    if (keyField === 'email') {
      for (const r of await live.selectAll('m').where('m.email', 'in', chunk).execute()) out.set(String(r.email).toLowerCase(), r);
    } else if (keyField === MEMBER_NUMBER) {
      const ids = chunk.filter((k) => /^\d{1,9}$/.test(k)).map(Number);
      if (ids.length > 0) for (const r of await live.selectAll('m').where('m.id', 'in', ids).execute()) out.set(String(r.id), r);
    } else if (field?.type === 'integer') {
      // Integers live in value_num; "0012" in a file is member 12's key too.
      const nums = chunk.filter((k) => /^-?\d{1,10}$/.test(k)).map(Number);
      if (nums.length === 0) continue;
      const rows = await live
        .innerJoin('member_values as v', (j) => j.onRef('v.member_id', '=', 'm.id').onRef('v.tenant_id', '=', 'm.tenant_id'))
        .selectAll('m')
        .select('v.value_num as key_value')
        .where('v.field_id', '=', field.id)
        .where('v.value_num', 'in', nums)
        .execute();
      const byNum = new Map(rows.map((r) => [Number(r.key_value), r]));
      for (const k of chunk) {
        const m = byNum.get(Number(k));
        if (m) out.set(k, m);
      }
    } else if (field) {
      // Keys are compared without case (the file's keys are lower-cased above).
      const rows = await live
        .innerJoin('member_values as v', (j) => j.onRef('v.member_id', '=', 'm.id').onRef('v.tenant_id', '=', 'm.tenant_id'))
        .selectAll('m')
        .select('v.value_text as key_value')
        .where('v.field_id', '=', field.id)
        .where(sql<string>`lower(v.value_text)`, 'in', chunk)
        .execute();
      for (const r of rows) out.set(String(r.key_value).toLowerCase(), r);
    }
  }
  return out;
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

async function checkTaken(deps: Deps, tenant: Tenant, planned: Planned[], column: 'email' | 'phone', srcCol: string, errors: RowError[]): Promise<void> {
  const wanted = planned.filter((p) => p.patch.columns[column]);
  const taken = await members.whichTaken(deps.db, tenant.id, column, wanted.map((p) => ({ value: p.patch.columns[column]!, exceptId: p.existing?.id ?? null })));
  wanted.forEach((p, i) => {
    if (taken[i]) errors.push({ row: p.row, column: srcCol, key: column === 'email' ? 'members_email_not_unique' : 'members_phone_not_unique' });
  });
}

export async function runImport(deps: Deps, tenant: Tenant, me: Member, req: ImportRequest): Promise<ImportResult> {
  const imp = await loadImport(deps, tenant, req.id);
  if (imp.imported_at) throw new HttpError(409, { errors: { general: ['import_already_done'] } });
  const [sheet, model] = await Promise.all([sheetOf(deps, tenant, req.id, req.sheet), loadModel(deps.db, tenant.id)]);
  const mappingCheck = checkMapping(sheet.header, req.mapping, model);
  if (Object.keys(mappingCheck.errors).length > 0) throw new ValidationError(mappingCheck.errors, mappingCheck.params);
  // Without the key column in the file nothing can be matched: every row is a new member.
  const keyOk = req.keyField === 'email' || req.keyField === MEMBER_NUMBER || ['text', 'email', 'integer'].includes(model.byName.get(req.keyField)?.type ?? '');
  if (!keyOk) throw ValidationError.field('key_field', '_validation_invalid_choice');

  const { planned, errors, failedRows } = await plan(deps, tenant, model, sheet, req.mapping, req.keyField);
  const matched = planned.flatMap((p) => (p.existing ? [p.existing.id] : []));
  const [valueRows, groupRows] = await Promise.all([members.valuesOf(deps.db, tenant.id, matched), members.groupsOf(deps.db, tenant.id, matched)]);
  const valuesBy = new Map<number, typeof valueRows>();
  for (const v of valueRows) valuesBy.set(v.member_id, [...(valuesBy.get(v.member_id) ?? []), v]);
  const groupsBy = new Map<number, Set<number>>();
  for (const g of groupRows) groupsBy.set(g.member_id, (groupsBy.get(g.member_id) ?? new Set()).add(g.group_id));
  const confirmed = new Set(req.confirmRows ?? []);
  const analysed = planned.map((p) => {
    const prior = p.existing ? priorValues(p.existing, p.patch, valuesBy.get(p.existing.id) ?? [], groupsBy.get(p.existing.id) ?? new Set()) : null;
    const flagged = !!p.existing && !!prior && prior.length > 0 && differentPerson(p.existing, p.patch);
    // The server, not only the wizard, leaves an unconfirmed "different person" alone.
    return { p, prior, flagged, skip: flagged && !confirmed.has(p.row) };
  });
  const changes = analysed.filter((c) => !c.skip);
  const counts = {
    created: changes.filter((c) => !c.p.existing).length,
    updated: changes.filter((c) => c.prior && c.prior.length > 0).length,
    unchanged: changes.filter((c) => c.prior && c.prior.length === 0).length,
    skipped: failedRows,
    skipped_different_person: analysed.length - changes.length,
  };
  if (req.dryRun) {
    const updates = analysed.filter((c) => c.p.existing && c.prior && c.prior.length > 0);
    let plain = 0;
    let flagged = 0;
    const listed = updates.filter((c) => (c.flagged ? ++flagged <= FLAGGED_SHOWN : ++plain <= CHANGES_SHOWN));
    const rows = listed.map(
      (c): RowChanges => ({
        row: c.p.row,
        member_id: c.p.existing!.id,
        name: `${c.p.existing!.firstname} ${c.p.existing!.lastname}`.trim(),
        name_in_file: `${c.p.patch.columns.firstname ?? c.p.existing!.firstname} ${c.p.patch.columns.lastname ?? c.p.existing!.lastname}`.trim(),
        different_person: c.flagged,
        confirmed: c.flagged && confirmed.has(c.p.row),
        fields: describeChanges(model, c.p.patch, c.prior!),
      }),
    );
    return { ...counts, errors, changes: rows, changes_total: updates.length };
  }
  if (errors.length > 0 && !req.skipErrorRows) throw ValidationError.general('import_has_errors');

  const batchId = crypto.randomUUID();
  const at = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('batches').values({ id: batchId, tenant_id: tenant.id, kind: 'import', summary: JSON.stringify({ import: imp.id, filename: imp.filename }), member_count: 0, author_id: me.id, created_at: at }).execute();
    const ctx = { db: trx, tenant, model, authorId: me.id, at, context: 'PersonUpdate' as const, batchId };
    const batchRows: { tenant_id: number; batch_id: string; member_id: number; kind: string; item: string; old_text: string | null; old_num: number | null }[] = [];
    for (const { p, prior } of changes) {
      if (!p.existing || !prior || prior.length === 0) continue;
      await writeMember(ctx, p.existing, p.patch);
      batchRows.push({ tenant_id: tenant.id, batch_id: batchId, member_id: p.existing.id, kind: 'member', item: '', old_text: null, old_num: null });
      for (const x of prior) batchRows.push({ tenant_id: tenant.id, batch_id: batchId, member_id: p.existing.id, ...x });
    }
    // New members in multi-row statements: the bulk of a typical first import.
    const newIds = await insertMembers({ ...ctx, context: 'PersonInsert' }, changes.filter((c) => !c.p.existing).map((c) => c.p.patch), { imported: 1 });
    for (const id of newIds) {
      batchRows.push({ tenant_id: tenant.id, batch_id: batchId, member_id: id, kind: 'member', item: '', old_text: null, old_num: null });
      batchRows.push({ tenant_id: tenant.id, batch_id: batchId, member_id: id, kind: 'created', item: '', old_text: null, old_num: null });
    }
    for (let i = 0; i < batchRows.length; i += 500) await trx.insertInto('batch_values').values(batchRows.slice(i, i + 500)).execute();
    await trx.updateTable('batches').set({ member_count: counts.created + counts.updated }).where('id', '=', batchId).execute();
    await trx
      .updateTable('imports')
      .set({ batch_id: batchId, created: counts.created, updated: counts.updated, imported_at: at, mapping: JSON.stringify({ sheet: sheet.name, mapping: req.mapping, key_field: req.keyField }) })
      .where('tenant_id', '=', tenant.id)
      .where('id', '=', imp.id)
      .execute();
    await activity.append(trx, tenant.id, {
      event: 'members_imported',
      context: 'importer',
      data: [
        { field: 'filename', new: imp.filename },
        { field: 'created', new: counts.created },
        { field: 'updated', new: counts.updated },
        { field: 'skipped', new: counts.skipped },
        ...(counts.skipped_different_person > 0 ? [{ field: 'skipped_different_person', new: counts.skipped_different_person }] : []),
      ],
      authorId: me.id,
      batchId,
      at,
    });
  });
  // Undo works from the batch's record: the file with everyone's data is not needed any more.
  await discardImportedFile(deps.db, deps.config.dataDir, tenant.id, imp.id);
  return { ...counts, errors, import_id: imp.id };
}

export async function listImports(deps: Deps, tenant: Tenant, page: number) {
  const base = deps.db.selectFrom('imports as i').where('i.tenant_id', '=', tenant.id).where('i.imported_at', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('members as a', (j) => j.onRef('a.id', '=', 'i.author_id').onRef('a.tenant_id', '=', 'i.tenant_id'))
      // The batch knows when it was undone, whichever way (imports list or the members undo).
      .leftJoin('batches as b', (j) => j.onRef('b.id', '=', 'i.batch_id').onRef('b.tenant_id', '=', 'i.tenant_id'))
      .select(['i.id', 'i.filename', 'i.imported_at', 'i.created', 'i.updated', 'b.undone_at', 'a.firstname', 'a.lastname'])
      .orderBy('i.imported_at', 'desc')
      .limit(IMPORTS_PAGE_SIZE)
      .offset(page * IMPORTS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    results: rows.map((r) => ({
      id: r.id,
      filename: r.filename,
      created_at: r.imported_at,
      author: r.firstname === null ? null : `${r.firstname} ${r.lastname ?? ''}`.trim(),
      person_count: r.created + r.updated,
      created: r.created,
      updated: r.updated,
      undone_at: r.undone_at,
    })),
    count: Number(count.n),
  };
}

export async function markUndone(deps: Deps, tenant: Tenant, me: Member, id: string, keepChanged: boolean) {
  const imp = await loadImport(deps, tenant, id);
  if (!imp.batch_id) throw new NotFound();
  return undoBatch(deps, tenant, me, imp.batch_id, { keepChanged });
}

