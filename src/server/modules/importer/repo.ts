import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { ImportsTable, Member } from '../../db/schema';
import { notAnIndexOn } from '../../db/planHints';

// The importer's SQL: uploads (the imports table) and the members an import matches (its
// undo record is kept through the batches module). Every function takes the tenant id first, except the cleanup's
// passes over every association, which say so in their names.

export type ImportRow = Selectable<ImportsTable>;

export function findImport(db: Db, tenantId: number, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function insertImport(db: Db, tenantId: number, row: Omit<Insertable<ImportsTable>, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('imports')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

/** The import is done: its batch, counts and the mapping it was run with. */
export async function markImported(
  db: Db,
  tenantId: number,
  id: string,
  done: { batchId: string; created: number; updated: number; at: string; mapping: string },
): Promise<void> {
  await db
    .updateTable('imports')
    .set({ batch_id: done.batchId, created: done.created, updated: done.updated, imported_at: done.at, mapping: done.mapping })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export interface ImportListRow {
  id: string;
  filename: string;
  imported_at: string;
  created: number;
  updated: number;
  undone_at: string | null;
  firstname: string | null;
  lastname: string | null;
}

/** Finished imports, newest first, with the author's name and whether the batch was undone. */
export async function listImported(db: Db, tenantId: number, page: { limit: number; offset: number }): Promise<{ rows: ImportListRow[]; count: number }> {
  const base = db.selectFrom('imports as i').where('i.tenant_id', '=', tenantId).where('i.imported_at', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('members as a', (j) => j.onRef('a.id', '=', 'i.author_id').onRef('a.tenant_id', '=', 'i.tenant_id'))
      // The batch knows when it was undone, whichever way (imports list or the members undo).
      .leftJoin('batches as b', (j) => j.onRef('b.id', '=', 'i.batch_id').onRef('b.tenant_id', '=', 'i.tenant_id'))
      .select(['i.id', 'i.filename', 'i.imported_at', 'i.created', 'i.updated', 'b.undone_at', 'a.firstname', 'a.lastname'])
      .$narrowType<{ imported_at: string }>() // finished imports only (the where above)
      .orderBy('i.imported_at', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

export async function storedPathOf(db: Db, tenantId: number, id: string): Promise<string | undefined> {
  return (await db.selectFrom('imports').select(['stored_path']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst())?.stored_path;
}

/** The file is gone; the row stays for the list of imports. */
export async function clearStoredPath(db: Db, tenantId: number, id: string): Promise<void> {
  await db.updateTable('imports').set({ stored_path: '' }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function deleteImport(db: Db, tenantId: number, id: string): Promise<void> {
  await db.deleteFrom('imports').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function importIds(db: Db, tenantId: number): Promise<Set<string>> {
  return new Set((await db.selectFrom('imports').select('id').where('tenant_id', '=', tenantId).execute()).map((r) => r.id));
}

export interface StoredUpload {
  id: string;
  tenant_id: number;
  stored_path: string;
}

/** Every association's finished imports whose file is still kept. */
export function finishedWithFileAllTenants(db: Db): Promise<StoredUpload[]> {
  return db.selectFrom('imports').select(['id', 'tenant_id', 'stored_path']).where('imported_at', 'is not', null).where('stored_path', '<>', '').execute();
}

/** Every association's unimported uploads from before `cutoff`. */
export function staleUploadsAllTenants(db: Db, cutoff: string): Promise<StoredUpload[]> {
  return db.selectFrom('imports').select(['id', 'tenant_id', 'stored_path']).where('imported_at', 'is', null).where('uploaded_at', '<', cutoff).execute();
}

// ---- Members an import matches (live members, not applications), keysPerLookup keys a call at most (members/repo.ts).

// Found by their key's index, whatever statistics SQLite has (db/planHints.ts).
const live = (db: Db, tenantId: number) =>
  db.selectFrom('members as m').where('m.tenant_id', '=', tenantId).where(notAnIndexOn(db, 'm.deleted_at'), 'is', null).where(notAnIndexOn(db, 'm.pending'), '=', 0);

export function liveByEmails(db: Db, tenantId: number, emails: string[]): Promise<Member[]> {
  return live(db, tenantId).selectAll('m').where('m.email', 'in', emails).execute();
}

export function liveByIds(db: Db, tenantId: number, ids: number[]): Promise<Member[]> {
  return live(db, tenantId).selectAll('m').where('m.id', 'in', ids).execute();
}

/** Members whose number field (value_num) holds one of `nums`, with that value. */
export function liveByNumberValue(db: Db, tenantId: number, fieldId: number, nums: number[]): Promise<(Member & { key_value: number | null })[]> {
  return live(db, tenantId)
    .innerJoin('member_values as v', (j) => j.onRef('v.member_id', '=', 'm.id').onRef('v.tenant_id', '=', 'm.tenant_id'))
    .selectAll('m')
    .select('v.value_num as key_value')
    .where('v.field_id', '=', fieldId)
    .where('v.value_num', 'in', nums)
    .execute();
}

/** Members whose text field holds one of `lowered`, compared without case, with the stored value. */
export function liveByTextValue(db: Db, tenantId: number, fieldId: number, lowered: string[]): Promise<(Member & { key_value: string | null })[]> {
  return live(db, tenantId)
    .innerJoin('member_values as v', (j) => j.onRef('v.member_id', '=', 'm.id').onRef('v.tenant_id', '=', 'm.tenant_id'))
    .selectAll('m')
    .select('v.value_text as key_value')
    .where('v.field_id', '=', fieldId)
    .where(sql<string>`lower(v.value_text)`, 'in', lowered)
    .execute();
}

