import type { Db } from '../../db/kysely';

export async function getAll(db: Db, tenantId: number): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('tenant_id', '=', tenantId).execute();
  return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

export async function set(db: Db, tenantId: number, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ tenant_id: tenantId, key, value: json })
    .onConflict((oc) => oc.columns(['tenant_id', 'key']).doUpdateSet({ value: json }))
    .execute();
}

/**
 * Whether another tenant stores exactly this value under `key`. A deliberate
 * cross-tenant read that returns only a yes/no (bank accounts must be unique across registers).
 */
export async function usedByOtherTenant(db: Db, key: string, value: unknown, tenantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('tenant_id')
    .where('key', '=', key)
    .where('value', '=', JSON.stringify(value))
    .where('tenant_id', '<>', tenantId)
    .executeTakeFirst();
  return row !== undefined;
}
