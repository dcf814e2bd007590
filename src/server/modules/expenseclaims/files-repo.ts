import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { ExpenseClaimFilesTable } from '../../db/schema';

// SQL of receipt files (expense_claim_files).

export async function insert(db: Db, tenantId: number, row: Omit<Insertable<ExpenseClaimFilesTable>, 'tenant_id' | 'claim_id'>): Promise<number> {
  const r = await db.insertInto('expense_claim_files').values({ ...row, tenant_id: tenantId, claim_id: null }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** A file's metadata (not the data). */
export function find(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('expense_claim_files')
    .select(['id', 'member_id', 'claim_id', 'filename', 'mime', 'pages', 'width', 'height'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findData(db: Db, tenantId: number, id: number) {
  return db.selectFrom('expense_claim_files').select(['id', 'member_id', 'claim_id', 'mime', 'filename', 'data']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function findMany(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('expense_claim_files')
    .select(['id', 'member_id', 'claim_id', 'filename', 'mime', 'pages'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** Binds the files to the claim and unbinds the claim's files it no longer uses. */
export async function attach(db: Db, tenantId: number, claimId: number, ids: readonly number[]): Promise<void> {
  let drop = db.updateTable('expense_claim_files').set({ claim_id: null }).where('tenant_id', '=', tenantId).where('claim_id', '=', claimId);
  if (ids.length > 0) drop = drop.where('id', 'not in', ids);
  await drop.execute();
  if (ids.length > 0) await db.updateTable('expense_claim_files').set({ claim_id: claimId }).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** Every association's unattached uploads made before the cutoff (ISO). */
export async function deleteUnattachedBefore(db: Db, cutoff: string): Promise<number> {
  const r = await db.deleteFrom('expense_claim_files').where('claim_id', 'is', null).where('created_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}
