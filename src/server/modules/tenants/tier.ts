import type { Deps } from '../../deps';
import type { Tier } from '../../../shared/constants';
import { act } from '../log/act';
import * as repo from './tier-repo';

// The association's tier (Free, Start, Plus, Premium), set by an operator from the command
// line (`npm run tenant -- tier --host … --set Plus`). The change is logged; what a tier
// allows is src/shared/tiers.ts.

/** Sets the tier; returns the one before. No log line when it does not change. */
export function setTier(deps: Pick<Deps, 'db' | 'clock'>, tenantId: number, tier: Tier): Promise<string> {
  return act(deps, { id: tenantId }, null, 'tier_changed', async (trx, line) => {
    const before = await repo.tierOf(trx, tenantId);
    await repo.setTier(trx, tenantId, tier);
    line.context = 'settings';
    line.data = [{ field: 'tier', old: before, new: tier }];
    line.write = before !== tier;
    return before;
  });
}
