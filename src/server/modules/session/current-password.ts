import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS } from '../../../shared/constants';
import { RateLimited } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords';
import * as repo from './repo';

/**
 * Checks the current password a member gives to change their own. Wrong guesses are
 * throttled like failed logins of the account (counted before the check, atomically, see
 * rateCounts.reserve), so a stolen session cannot try passwords without limit: past the
 * limit the answer is 429 whatever the password. A right one gives its attempt back and
 * clears the member's counter.
 */
export async function currentPasswordOk(deps: Deps, tenant: Tenant, member: Member, given: string): Promise<boolean> {
  const now = deps.clock.now();
  const since = iso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const key = String(member.id);
  const slot = await repo.reserveAttempt(deps.db, tenant.id, 'current_password', key, iso(now), since, LOGIN_MAX_FAILURES_PER_ACCOUNT);
  if (slot === null) throw new RateLimited('members_current_password_rate_limited');
  if (!(await verifyPassword(member.password_hash, given))) return false;
  await repo.releaseAttempt(deps.db, tenant.id, slot);
  await repo.clearFailures(deps.db, tenant.id, 'current_password', key);
  return true;
}
