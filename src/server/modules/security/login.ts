import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Member, MemberSecurity, Tenant } from '../../db/schema';
import { MFA_CHALLENGE_TTL_MS } from '../../../shared/constants';
import type { MfaStep } from '../../../shared/schemas/security';
import { ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { act } from '../log/act';
import * as members from '../members/repo';
import * as sessions from '../session/repo';
import * as repo from './repo';
import { resetHash, sha256 } from './secrets';
import { mfaStatus } from './status';
import { beginEnrollment, checkCode, recordWrongCode, reserveCodeAttempt } from './setup';

// The steps between a correct password and a session: an authenticator code, an emailed
// reset code, or enrolling an authenticator. A challenge token carries the login across them.

/** Starts the step between password and session; the browser holds the token, the table its hash. */
export async function startChallenge(db: Db, deps: Deps, tenant: Tenant, member: Member, step: MfaStep): Promise<string> {
  const now = deps.clock.now();
  const token = crypto.randomBytes(32).toString('base64url');
  await repo.removeChallenges(db, tenant.id, { expiredBefore: iso(now) });
  await repo.removeChallenges(db, tenant.id, { memberId: member.id });
  await repo.insertChallenge(db, tenant.id, {
    id: sha256(token),
    member_id: member.id,
    step,
    expires_at: iso(new Date(now.getTime() + MFA_CHALLENGE_TTL_MS)),
  });
  return token;
}

interface Challenged {
  id: string;
  step: MfaStep;
  member: Member;
  row: MemberSecurity | undefined;
}

async function challenged(deps: Deps, tenant: Tenant, token: string, steps: MfaStep[]): Promise<Challenged> {
  const c = await repo.findChallenge(deps.db, tenant.id, sha256(token));
  const expired = () => ValidationError.general('mfa_challenge_expired');
  if (!c || Date.parse(c.expires_at) <= deps.clock.now().getTime() || !(steps as string[]).includes(c.step)) throw expired();
  const member = await members.findById(deps.db, tenant.id, c.member_id);
  if (!member || member.active !== 1 || member.deleted_at !== null || member.site_admin !== 1) throw expired();
  return { id: c.id, step: c.step as MfaStep, member, row: await repo.find(deps.db, tenant.id, member.id) };
}

/** A correct code (or the first code of a new enrolment) finishes the login: returns the member to sign in. */
export async function verifyLogin(deps: Deps, tenant: Tenant, token: string, code: string, ip: string): Promise<{ member: Member; challengeId: string }> {
  const c = await challenged(deps, tenant, token, ['code', 'enroll']);
  await checkCode(deps, tenant, c.member, c.row, code, c.step === 'enroll' ? 'pending' : 'enrolled', ip);
  await repo.removeChallenge(deps.db, tenant.id, c.id);
  return { member: c.member, challengeId: c.id };
}

/** The emailed reset code, once: afterwards the admin enrols a new authenticator. */
export async function useResetCode(deps: Deps, tenant: Tenant, token: string, resetCode: string, ip: string): Promise<void> {
  const c = await challenged(deps, tenant, token, ['reset_code']);
  const status = mfaStatus(c.row, deps.clock.now());
  if (status === 'MFA_RESETTING_EXPIRED') throw ValidationError.general('mfa_reset_expired');
  await reserveCodeAttempt(deps, tenant, c.member);
  const expected = c.row?.reset_code_hash ?? null;
  const given = resetHash(deps, resetCode);
  const matches = status === 'MFA_RESETTING' && expected !== null && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
  if (!matches) {
    await recordWrongCode(deps, tenant, c.member, 'reset_code', ip);
    throw ValidationError.field('reset_code', 'mfa_reset_code_invalid');
  }
  await act(deps, tenant, c.member, 'mfa_reset_code_used', async (trx, line, at) => {
    // Single use: the hash goes in the same transaction that accepts it.
    if (!(await repo.spendResetCode(trx, tenant.id, c.member.id, given, at))) throw ValidationError.field('reset_code', 'mfa_reset_code_invalid');
    await repo.setChallengeStep(trx, tenant.id, c.id, 'enroll');
    line.context = `member:${c.member.id}`;
    line.data = [{ field: 'ip', new: ip }];
  });
  await sessions.clearFailures(deps.db, tenant.id, 'mfa', String(c.member.id));
}

export async function enrollForLogin(deps: Deps, tenant: Tenant, token: string) {
  const c = await challenged(deps, tenant, token, ['enroll']);
  return beginEnrollment(deps, tenant, c.member);
}
