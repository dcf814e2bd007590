import type { Db } from '../../db/kysely';
import type { Tier } from '../../../shared/constants';

// The tenants table's tier column.

export async function tierOf(db: Db, tenantId: number): Promise<string> {
  const r = await db.selectFrom('tenants').select('tier').where('id', '=', tenantId).executeTakeFirstOrThrow();
  return r.tier;
}

export async function setTier(db: Db, tenantId: number, tier: Tier): Promise<void> {
  await db.updateTable('tenants').set({ tier }).where('id', '=', tenantId).execute();
}
