import type { Deps } from '../../deps';
import type { Member, MemberSecurity, Tenant } from '../../db/schema';
import { LOGIN_WINDOW_MS, MFA_ISSUER, MFA_MAX_FAILURES } from '../../../shared/constants';
import { RateLimited, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { isLegacy } from '../../lib/secretBox';
import { append } from '../log/repo';
import { act } from '../log/act';
import * as sessions from '../session/repo';
import * as repo from './repo';
import { box, openSecret, owner } from './secrets';
import { acceptCode, enrollment, newSecret } from './totp';

// Enrolling an authenticator and checking its codes: during login (./login.ts) and for the
// signed-in admin's own 2FA.

/**
 * Counts the code attempt before the code is checked, so parallel guesses get at most
 * MFA_MAX_FAILURES evaluations; the returned slot is given back when the code is right.
 */
export async function reserveCodeAttempt(deps: Deps, tenant: Tenant, member: Member): Promise<number> {
  const now = deps.clock.now();
  const since = iso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const slot = await sessions.reserveAttempt(deps.db, tenant.id, 'mfa', String(member.id), iso(now), since, MFA_MAX_FAILURES);
  if (slot === null) throw new RateLimited('mfa_rate_limited');
  return slot;
}

/**
 * The attempt is already counted (reserveCodeAttempt); this logs it. A wrong code changes
 * nothing and is nobody's action, so the line is appended on its own, not through act().
 */
export async function recordWrongCode(deps: Deps, tenant: Tenant, member: Member, step: string, ip: string | null): Promise<void> {
  const at = iso(deps.clock.now());
  const data = [{ field: 'step', new: step }, ...(ip ? [{ field: 'ip', new: ip }] : [])];
  await append(deps.db, tenant.id, { event: 'mfa_failed', context: `member:${member.id}`, data, authorId: member.id, at });
}

/** Seals a fresh secret as the one being enrolled and returns what the app needs to scan. */
export async function beginEnrollment(deps: Deps, tenant: Tenant, member: Member) {
  const secret = newSecret();
  await act(deps, tenant, member, 'mfa_setup_started', async (trx, line, at) => {
    await repo.upsert(trx, tenant.id, member.id, {
      // A first enrolment, or one after a used reset code (setup is refused while a key is set).
      mfa_state: 'setting_up',
      pending_secret_enc: box(deps).seal(secret, owner(tenant, member)),
      // A new key has no used codes yet: its replay guard starts over.
      last_step: 0,
      updated_at: at,
    });
    line.context = `member:${member.id}`;
  });
  return enrollment(secret, member.email ?? `${member.firstname} ${member.lastname}`.trim(), `${MFA_ISSUER} – ${tenant.name}`);
}

/**
 * Checks a code against the admin's secret (or, while enrolling, the pending one) and
 * consumes its time step; a right code for the pending secret completes the enrolment.
 */
export async function checkCode(
  deps: Deps,
  tenant: Tenant,
  member: Member,
  row: MemberSecurity | undefined,
  code: string,
  mode: 'enrolled' | 'pending',
  ip: string | null,
): Promise<void> {
  const sealed = mode === 'pending' ? row?.pending_secret_enc : row?.secret_enc;
  if (!row || !sealed) throw ValidationError.general(mode === 'pending' ? 'mfa_setup_missing' : 'mfa_challenge_expired');
  const slot = await reserveCodeAttempt(deps, tenant, member);
  const plain = openSecret(deps, tenant, member, sealed);
  const step = plain === null ? null : acceptCode(plain, code, deps.clock.now().getTime(), row.last_step);
  // A secret sealed before owners were bound (v1) is sealed again, bound, on its first good code.
  const current = plain !== null && isLegacy(sealed) ? box(deps).seal(plain, owner(tenant, member)) : sealed;
  const ok =
    step !== null &&
    // Only a completed enrolment is logged (mfa_enabled); a code at login is logged by the login.
    (await act(deps, tenant, member, 'mfa_enabled', async (trx, line, at) => {
      line.write = false;
      if (!(await repo.claimStep(trx, tenant.id, member.id, step, at))) return false;
      if (mode === 'enrolled' && current !== sealed) await repo.upsert(trx, tenant.id, member.id, { secret_enc: current, updated_at: at });
      if (mode === 'pending') {
        await repo.upsert(trx, tenant.id, member.id, {
          mfa_state: 'set',
          secret_enc: current,
          pending_secret_enc: null,
          reset_code_hash: null,
          reset_expires_at: null,
          updated_at: at,
        });
        line.context = `member:${member.id}`;
        line.write = true;
      }
      return true;
    }));
  if (!ok) {
    await recordWrongCode(deps, tenant, member, mode === 'pending' ? 'enroll' : 'code', ip);
    throw ValidationError.field('code', 'mfa_code_invalid');
  }
  await sessions.releaseAttempt(deps.db, tenant.id, slot);
  await sessions.clearFailures(deps.db, tenant.id, 'mfa', String(member.id));
}

// --- the signed-in admin's own 2FA ---

export async function setupOwn(deps: Deps, tenant: Tenant, me: Member) {
  const row = await repo.find(deps.db, tenant.id, me.id);
  // Replacing a working authenticator from a session alone would let a stolen session do it.
  if (row?.mfa_state === 'set') throw ValidationError.general('mfa_already_set');
  return beginEnrollment(deps, tenant, me);
}

export async function confirmOwn(deps: Deps, tenant: Tenant, me: Member, code: string, ip: string): Promise<void> {
  const row = await repo.find(deps.db, tenant.id, me.id);
  if (row?.mfa_state === 'set') throw ValidationError.general('mfa_already_set');
  await checkCode(deps, tenant, me, row, code, 'pending', ip);
}
