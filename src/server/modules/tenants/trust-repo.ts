import type { Db } from '../../db/kysely';
import type { TrustStatus } from '../../../shared/constants';

// The tenants table's trust_status (OK | BLOCKED). Anything but BLOCKED reads as OK.

export async function trustOf(db: Db, tenantId: number): Promise<TrustStatus> {
  const r = await db.selectFrom('tenants').select('trust_status').where('id', '=', tenantId).executeTakeFirst();
  return r?.trust_status === 'BLOCKED' ? 'BLOCKED' : 'OK';
}

export async function setTrust(db: Db, tenantId: number, to: TrustStatus): Promise<void> {
  await db.updateTable('tenants').set({ trust_status: to }).where('id', '=', tenantId).execute();
}
