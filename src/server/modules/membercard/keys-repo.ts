import type { Db } from '../../db/kysely';

// The signing_keys rows (one per association). Tenant id first.

export function keyRow(db: Db, tenantId: number) {
  return db.selectFrom('signing_keys').select(['public_key', 'secret_sealed']).where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Inserts the association's key unless it has one already (a parallel first use won). */
export async function insertKeyIfNone(db: Db, tenantId: number, row: { public_key: string; secret_sealed: string; created_at: string }): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({ tenant_id: tenantId, ...row })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
}
