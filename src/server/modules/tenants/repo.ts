import type { Db } from '../../db/kysely';
import type { NewTenant, Tenant } from '../../db/schema';

// The tenants table is the one table without tenant_id: it *is* the tenant.

export function findByHostname(db: Db, hostname: string): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('hostname', '=', hostname).executeTakeFirst();
}

export function findDefault(db: Db): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
}

/** Up to two associations: enough to tell "only one" from "several". */
export function firstTwo(db: Db): Promise<Tenant[]> {
  return db.selectFrom('tenants').selectAll().orderBy('id').limit(2).execute();
}

export function findById(db: Db, id: number): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insert(db: Db, tenant: NewTenant): Promise<Tenant> {
  return db.insertInto('tenants').values(tenant).returningAll().executeTakeFirstOrThrow();
}

export function rename(db: Db, id: number, name: string): Promise<unknown> {
  return db.updateTable('tenants').set({ name }).where('id', '=', id).execute();
}
