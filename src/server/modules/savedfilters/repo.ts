import type { Db } from '../../db/kysely';
import type { SavedFiltersTable } from '../../db/schema';

export function listAll(db: Db, tenantId: number) {
  return db.selectFrom('saved_filters').selectAll().where('tenant_id', '=', tenantId).orderBy('name').orderBy('id').execute();
}

export function find(db: Db, tenantId: number, id: number) {
  return db.selectFrom('saved_filters').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function count(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_filters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Another saved filter of the association with the name in any case, if one exists. */
export async function nameTaken(db: Db, tenantId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('saved_filters')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function insert(db: Db, tenantId: number, row: Omit<SavedFiltersTable, 'id' | 'tenant_id'>) {
  return db
    .insertInto('saved_filters')
    .values({ ...row, tenant_id: tenantId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function rename(db: Db, tenantId: number, id: number, name: string, at: string): Promise<unknown> {
  return db.updateTable('saved_filters').set({ name, updated_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function remove(db: Db, tenantId: number, id: number): Promise<unknown> {
  return db.deleteFrom('saved_filters').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
