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
