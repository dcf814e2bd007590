import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import type { SettingsReply } from '../../../shared/schemas/settings';
import { TIERS, TRUST_STATUSES, type Tier, type TrustStatus } from '../../../shared/constants';
import * as repo from './repo';

/** Feature areas that exist in this build; the web shows navigation only for these. */
export const FEATURES: string[] = [];

const asTier = (t: string): Tier => (TIERS as readonly string[]).includes(t) ? (t as Tier) : 'Free';
const asTrust = (t: string): TrustStatus => (TRUST_STATUSES as readonly string[]).includes(t) ? (t as TrustStatus) : 'OK';

export async function getSettings(deps: Deps, tenant: Tenant): Promise<SettingsReply> {
  const stored = await repo.getAll(deps.db, tenant.id);
  return {
    ...stored,
    // The association's name lives on the tenant row, so the name shown everywhere has one source.
    name_: tenant.name,
    tier: asTier(tenant.tier),
    trust_status: asTrust(tenant.trust_status),
    features: FEATURES,
  };
}
