import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Member, MemberSecurity, Tenant } from '../../db/schema';
import type { MfaPolicy, MfaState } from '../../../shared/constants';
import type { MfaStep } from '../../../shared/schemas/security';
import * as settings from '../settings/repo';
import * as repo from './repo';

// Where an admin's 2FA stands. Stored states are none → setting_up → set, and set →
// resetting (a reset code was emailed) → setting_up once the code is used. "Resetting
// expired" is not stored: it is a resetting row whose code's expiry has passed, so no
// scheduled job is needed.

export function mfaStatus(row: Pick<MemberSecurity, 'mfa_state' | 'reset_expires_at'> | undefined, now: Date): MfaState {
  switch (row?.mfa_state) {
    case 'setting_up':
      return 'MFA_SETTING_UP';
    case 'set':
      return 'MFA_SET';
    case 'resetting':
      return row.reset_expires_at !== null && Date.parse(row.reset_expires_at) > now.getTime() ? 'MFA_RESETTING' : 'MFA_RESETTING_EXPIRED';
    default:
      return 'MFA_NOT_SET';
  }
}

/** The site-wide requirement (settings scope "security"). */
export async function policy(db: Db, tenantId: number): Promise<MfaPolicy> {
  const all = await settings.getAll(db, tenantId);
  return all.mfa_enabled_for === 'admins' ? 'admins' : 'disabled';
}

/** What a correct password must be followed by: nothing, a 2FA step, or nothing at all (locked). */
export function loginStep(member: Member, status: MfaState, sitePolicy: MfaPolicy): MfaStep | 'locked' | null {
  if (member.site_admin !== 1) return null;
  switch (status) {
    case 'MFA_SET':
      return 'code';
    case 'MFA_RESETTING':
      return 'reset_code';
    case 'MFA_RESETTING_EXPIRED':
      return 'locked';
    default:
      return sitePolicy === 'admins' ? 'enroll' : null;
  }
}

/** The 2FA step this member's login needs now. */
export async function stepFor(deps: Deps, tenant: Tenant, member: Member): Promise<MfaStep | 'locked' | null> {
  if (member.site_admin !== 1) return null;
  const [row, p] = await Promise.all([repo.find(deps.db, tenant.id, member.id), policy(deps.db, tenant.id)]);
  return loginStep(member, mfaStatus(row, deps.clock.now()), p);
}
