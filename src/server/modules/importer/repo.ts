import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { ImportsTable, Member } from '../../db/schema';
import type { Prior } from './changes';

// The importer's SQL: uploads (the imports table), the members an import matches, and the
// undo record of an import. Every function takes the tenant id first, except the cleanup's
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
  imported_at: string | null;
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

// ---- Members an import matches (live members, not applications), 500 keys a call at most.

const live = (db: Db, tenantId: number) => db.selectFrom('members as m').where('m.tenant_id', '=', tenantId).where('m.deleted_at', 'is', null).where('m.pending', '=', 0);

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

/** Live members (applications included) holding one of `values` in `column`. */
export async function holdersOf(db: Db, tenantId: number, column: 'email' | 'phone', values: string[]): Promise<{ id: number; value: string | null }[]> {
  const rows = await db.selectFrom('members').select(['id', column]).where('tenant_id', '=', tenantId).where('deleted_at', 'is', null).where(column, 'in', values).execute();
  return rows.map((r) => ({ id: r.id, value: r[column] }));
}

// ---- The undo record of an import.

export interface ImportBatch {
  batchId: string;
  importId: string;
  filename: string;
  authorId: number;
  at: string;
  /** Members the import updated, with the value of every changed item before the change. */
  updated: { memberId: number; prior: Prior[] }[];
  /** Members the import created. */
  created: number[];
  memberCount: number;
}

/**
 * The import's batch and the values undo puts back (kind 'member' pins a member, 'created'
 * marks one the import added). Kept as one function so that it can move to a shared batches
 * module in one piece.
 */
export async function recordImportBatch(trx: Db, tenantId: number, b: ImportBatch): Promise<void> {
  const batchId = b.batchId;
  await trx.insertInto('batches').values({ id: batchId, tenant_id: tenantId, kind: 'import', summary: JSON.stringify({ import: b.importId, filename: b.filename }), member_count: 0, author_id: b.authorId, created_at: b.at }).execute();
  const batchRows: { tenant_id: number; batch_id: string; member_id: number; kind: string; item: string; old_text: string | null; old_num: number | null }[] = [];
  for (const { memberId, prior } of b.updated) {
    batchRows.push({ tenant_id: tenantId, batch_id: batchId, member_id: memberId, kind: 'member', item: '', old_text: null, old_num: null });
    for (const x of prior) batchRows.push({ tenant_id: tenantId, batch_id: batchId, member_id: memberId, ...x });
  }
  for (const id of b.created) {
    batchRows.push({ tenant_id: tenantId, batch_id: batchId, member_id: id, kind: 'member', item: '', old_text: null, old_num: null });
    batchRows.push({ tenant_id: tenantId, batch_id: batchId, member_id: id, kind: 'created', item: '', old_text: null, old_num: null });
  }
  for (let i = 0; i < batchRows.length; i += 500) await trx.insertInto('batch_values').values(batchRows.slice(i, i + 500)).execute();
  await trx.updateTable('batches').set({ member_count: b.memberCount }).where('id', '=', batchId).execute();
}
