import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import type { MemberStatsReply } from '../../../shared/schemas/members';
import * as repo from './repo';

export async function getStats(deps: Deps, tenant: Tenant): Promise<MemberStatsReply> {
  const c = await repo.countByState(deps.db, tenant.id);
  return {
    stats: {
      result_count: c.members,
      active_count: c.active,
      inactive_count: c.members - c.active,
      result_application_count: c.applications,
    },
  };
}
