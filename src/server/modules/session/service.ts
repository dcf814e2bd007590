import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_WINDOW_MS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from '../../../shared/constants';
import type { LoginBody, SessionReply } from '../../../shared/schemas/session';
import { RateLimited, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords';
import * as members from '../members/repo';
import * as activity from '../log/repo';
import type { LogDatum } from '../log/repo';
import { act } from '../log/act';
import * as security from '../security/service';
import type { MfaChallengeReply } from '../../../shared/schemas/security';
import * as repo from './repo';
import { PERSISTENT_DATA_MAX_KEYS } from '../../../shared/constants';

/** Only a hash of the cookie token is stored, so a leaked table cannot be replayed. */
export const sessionIdOf = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Writes to last_seen_at at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export async function login(
  deps: Deps,
  tenant: Tenant,
  input: LoginBody,
  client: ClientInfo,
): Promise<{ token: string; member: Member } | { mfa: MfaChallengeReply }> {
  const { db, clock } = deps;
  const now = clock.now();
  const since = iso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const account = input.email.trim().toLowerCase();

  // Both counters are reserved before the password is looked at: 40 parallel
  // guesses get at most 5 evaluations. Refused reservations take their rows back.
  const ipSlot = await repo.reserveAttempt(db, tenant.id, 'ip', client.ip, iso(now), since, LOGIN_MAX_FAILURES_PER_IP);
  if (ipSlot === null) throw new RateLimited('login_rate_limited');
  const accountSlot = await repo.reserveAttempt(db, tenant.id, 'account', account, iso(now), since, LOGIN_MAX_FAILURES_PER_ACCOUNT);

  const member = await members.findByEmail(db, tenant.id, account);
  // A locked account is about password guessing. For an admin whose login also needs an
  // authenticator code (or an emailed reset code), the password alone never opened a session,
  // so it is still checked: a right one leads to the second factor, and success there clears
  // the lock. An attacker flooding the account therefore cannot lock such an admin out.
  const secondFactor = accountSlot === null && member ? await security.stepFor(deps, tenant, member) : null;
  if (accountSlot === null && secondFactor !== 'code' && secondFactor !== 'reset_code') {
    await repo.releaseAttempt(db, tenant.id, ipSlot);
    throw new RateLimited('login_rate_limited');
  }

  // verifyPassword hashes anyway when there is no member, so both failures take the same time.
  const passwordOk = await verifyPassword(member?.password_hash ?? null, input.password);
  if (!member || !passwordOk || member.active !== 1) {
    // A failed login changes nothing and is nobody's action: its line (for a known account)
    // is appended by hand, with the pruning of old failures, rather than through act().
    await db.transaction().execute(async (trx) => {
      await repo.pruneFailures(trx, tenant.id, since);
      if (member) {
        await activity.append(trx, tenant.id, {
          event: 'login_failed',
          context: 'session',
          data: [{ field: 'ip', new: client.ip }],
          authorId: member.id,
          at: iso(now),
        });
      }
    });
    // Past the account limit the answer stays 429, whatever the password.
    if (accountSlot === null) throw new RateLimited('login_rate_limited');
    // The same key for unknown email, wrong password and inactive member: nothing leaks.
    throw ValidationError.general('login_failed');
  }

  // A right password is no failure: it does not count against the address.
  await repo.releaseAttempt(db, tenant.id, ipSlot);
  if (accountSlot !== null) await repo.clearFailures(db, tenant.id, 'account', account);
  const step = secondFactor ?? (await security.stepFor(deps, tenant, member));
  if (step === 'locked') {
    // Refused, nothing changed: the line records the attempt (not a user action, so no act()).
    await activity.append(db, tenant.id, { event: 'login_failed', context: 'session', data: [{ field: 'mfa_status', new: 'MFA_RESETTING_EXPIRED' }], authorId: member.id, at: iso(now) });
    throw ValidationError.general('mfa_reset_expired');
  }
  if (step !== null) {
    // The password was right; the session waits for the second factor.
    const challenge = await act(deps, tenant, member, 'login_mfa_required', async (trx, line) => {
      line.context = 'session';
      line.data = [{ field: 'step', new: step }, { field: 'ip', new: client.ip }];
      return security.startChallenge(trx, deps, tenant, member, step);
    });
    return { mfa: { mfa_required: step, challenge } };
  }
  return { member, token: await startSession(deps, tenant, member, client, []) };
}

/** Creates the session (after password, and second factor when one is needed) and logs the login. */
export async function startSession(deps: Deps, tenant: Tenant, member: Member, client: ClientInfo, data: LogDatum[]): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await act(deps, tenant, member, 'login', async (trx, line, at) => {
    await repo.removeIdle(trx, tenant.id, iso(new Date(Date.parse(at) - SESSION_IDLE_TIMEOUT_MS)));
    await repo.insert(trx, tenant.id, {
      id: sessionIdOf(token),
      member_id: member.id,
      created_at: at,
      last_seen_at: at,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 300),
    });
    await security.recordLogin(trx, tenant.id, member, at);
    // A completed login (after the second factor too) lifts a lock on the account.
    if (member.email) await repo.clearFailures(trx, tenant.id, 'account', member.email.trim().toLowerCase());
    line.context = 'session';
    line.data = [{ field: 'ip', new: client.ip }, ...data];
  });
  return token;
}

/** The live session for a cookie token, or null when unknown, idle too long, older than the absolute lifetime, or the member is gone/removed/inactive. */
export async function resolve(deps: Deps, tenant: Tenant, token: string): Promise<{ sessionId: string; member: Member } | null> {
  const { db, clock } = deps;
  const id = sessionIdOf(token);
  const session = await repo.findById(db, tenant.id, id);
  if (!session) return null;
  const now = clock.now().getTime();
  const lastSeen = Date.parse(session.last_seen_at);
  if (now - lastSeen > SESSION_IDLE_TIMEOUT_MS || now - Date.parse(session.created_at) > SESSION_ABSOLUTE_LIFETIME_MS) {
    await repo.remove(db, tenant.id, id);
    return null;
  }
  const member = await members.findById(db, tenant.id, session.member_id);
  // Re-checked on every request: a removed or deactivated member is out at once, whatever path removed them.
  if (!member || member.active !== 1 || member.deleted_at !== null || member.pending === 1) {
    await repo.remove(db, tenant.id, id);
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) await repo.touch(db, tenant.id, id, iso(clock.now()));
  return { sessionId: id, member };
}

export async function logout(deps: Deps, tenant: Tenant, sessionId: string, memberId: number): Promise<void> {
  await act(deps, tenant, { id: memberId }, 'logout', async (trx, line) => {
    await repo.remove(trx, tenant.id, sessionId);
    line.context = 'session';
  });
}

export async function present(deps: Deps, tenant: Tenant, member: Member): Promise<SessionReply> {
  return {
    user: {
      id: member.id,
      firstname: member.firstname,
      lastname: member.lastname,
      email: member.email,
      site_admin: member.site_admin === 1,
      board: member.board === 1,
    },
    customer_name: tenant.name,
    persistent_data: await repo.getUserData(deps.db, tenant.id, member.id),
  };
}

export async function setPersistentData(deps: Deps, tenant: Tenant, member: Member, key: string, val: unknown): Promise<void> {
  if (val !== undefined) {
    // Bounded per member: a new key past the cap is refused, existing ones may change.
    const stored = await repo.getUserData(deps.db, tenant.id, member.id);
    if (!(key in stored) && Object.keys(stored).length >= PERSISTENT_DATA_MAX_KEYS) throw ValidationError.field('key', 'persistent_data_too_many_keys');
  }
  return repo.setUserData(deps.db, tenant.id, member.id, key, val);
}
