import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import {
  LOGIN_WINDOW_MS,
  PASSWORD_RESET_MAX_PER_ADDRESS,
  PASSWORD_RESET_MAX_WRONG_PER_IP,
  PASSWORD_RESET_MAX_PER_IP,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_WINDOW_MS,
} from '../../../shared/constants';
import { formatFinnishDateTime as formatDateTime } from '../../../shared/finnish/date';
import type { ResetPasswordBody } from '../../../shared/schemas/passwordReset';
import { RateLimited, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import { publicBase } from '../../lib/publicUrl';
import { act } from '../log/act';
import * as history from '../history/repo';
import * as members from '../members/repo';
import { systemFrom } from '../mail/from';
import { endSessionsOf } from '../session/end';
import * as sessions from '../session/repo';
import * as repo from './repo';

// Forgotten password. The link's token is 256 random bits; only its SHA-256
// is stored, with the member and the association, so a leaked table cannot be replayed.

export const tokenHash = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** The path of the set-new-password page (web PATHS.resetPassword). */
export const resetPath = (token: string): string => `/@reset/${token}`;

/** Removed, pending and inactive members cannot reset (nor log in). */
const canReset = (m: Member | undefined): m is Member => !!m && m.deleted_at === null && m.pending === 0 && m.active === 1 && !!m.email;

type Log = (err: unknown) => void;

/**
 * Counts the request against the address and the IP, then answers at once; finding the
 * member and sending the mail happen afterwards (`done`), so the reply takes the same time
 * and says the same thing whether or not the address belongs to anyone.
 */
export async function requestReset(deps: Deps, tenant: Tenant, email: string, ip: string, log: Log): Promise<{ done: Promise<void> }> {
  const now = deps.clock.now();
  const since = iso(new Date(now.getTime() - PASSWORD_RESET_WINDOW_MS));
  const [byAddress, byIp] = await Promise.all([
    repo.countEvents(deps.db, tenant.id, 'password_reset_address', email, since),
    repo.countEvents(deps.db, tenant.id, 'password_reset_ip', ip, since),
  ]);
  if (byAddress >= PASSWORD_RESET_MAX_PER_ADDRESS || byIp >= PASSWORD_RESET_MAX_PER_IP) throw new RateLimited('password_reset_rate_limited');
  await deps.db.transaction().execute(async (trx) => {
    await repo.recordEvent(trx, tenant.id, 'password_reset_address', email, iso(now));
    await repo.recordEvent(trx, tenant.id, 'password_reset_ip', ip, iso(now));
  });
  const done = sendLink(deps, tenant, email, ip, now).catch(log);
  return { done };
}

async function sendLink(deps: Deps, tenant: Tenant, email: string, ip: string, now: Date): Promise<void> {
  const member = await members.findByEmail(deps.db, tenant.id, email);
  if (!canReset(member)) return;
  const token = crypto.randomBytes(32).toString('base64url');
  const expires = iso(new Date(now.getTime() + PASSWORD_RESET_TTL_MS));
  await act(deps, tenant, member, 'password_reset_requested', async (trx, line) => {
    await repo.pruneExpired(trx, tenant.id, iso(new Date(now.getTime() - PASSWORD_RESET_TTL_MS)));
    await repo.insert(trx, tenant.id, { id: tokenHash(token), member_id: member.id, created_at: iso(now), expires_at: expires });
    line.context = `member:${member.id}`;
    line.data = [{ field: 'ip', new: ip }];
  });
  const link = `${publicBase(deps.config, tenant)}${resetPath(token)}`;
  await deps.mailer.send({
    from: systemFrom(deps.config, tenant),
    to: member.email!,
    subject: `Salasanan vaihtaminen – ${tenant.name}`,
    text:
      `Hei ${member.firstname},\n\n` +
      `joku (toivottavasti sinä) pyysi uutta salasanaa yhdistyksen ${tenant.name} jäsenrekisteriin. ` +
      `Voit asettaa uuden salasanan tästä linkistä:\n\n    ${link}\n\n` +
      `Linkki toimii kerran ja on voimassa ${formatDateTime(expires)} asti.\n\n` +
      `Jos et pyytänyt uutta salasanaa, voit jättää tämän viestin huomiotta: salasanasi pysyy ennallaan.\n`,
  });
}

/**
 * The member a live link belongs to, or the one answer for unknown, spent and expired links.
 * Wrong tokens are throttled per IP like failed logins (counted before the check, atomically,
 * see rateCounts.reserve), so links cannot be guessed at speed; a live link gives its
 * attempt back.
 */
async function liveLink(deps: Deps, tenant: Tenant, token: string, ip: string): Promise<{ id: string; member: Member }> {
  const now = deps.clock.now();
  const since = iso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const slot = await sessions.reserveAttempt(deps.db, tenant.id, 'reset_token', ip, iso(now), since, PASSWORD_RESET_MAX_WRONG_PER_IP);
  if (slot === null) throw new RateLimited('password_reset_check_rate_limited');
  const row = await repo.find(deps.db, tenant.id, tokenHash(token));
  const live = row && row.used_at === null && row.expires_at > iso(now);
  const member = live ? await members.findById(deps.db, tenant.id, row.member_id) : undefined;
  if (!row || !canReset(member)) throw ValidationError.general('password_reset_invalid');
  await sessions.releaseAttempt(deps.db, tenant.id, slot);
  return { id: row.id, member };
}

export async function checkLink(deps: Deps, tenant: Tenant, token: string, ip: string): Promise<void> {
  await liveLink(deps, tenant, token, ip);
}

/**
 * Sets the new password (rules checked by the body schema), spends this and every other
 * outstanding link of the member, and ends all their sessions. Two-factor authentication,
 * where enrolled, still applies at the next login: this signs nobody in.
 */
export async function resetPassword(deps: Deps, tenant: Tenant, body: ResetPasswordBody, ip: string): Promise<void> {
  const { id, member } = await liveLink(deps, tenant, body.token, ip);
  const passwordHash = await hashPassword(body.newPassword_);
  await act(deps, tenant, member, 'password_reset', async (trx, line, at) => {
    if (!(await repo.markUsed(trx, tenant.id, id, at))) throw ValidationError.general('password_reset_invalid');
    await repo.spendAllOf(trx, tenant.id, member.id, at);
    await members.update(trx, tenant.id, member.id, { password_hash: passwordHash, updated_at: at });
    const closed = await endSessionsOf(trx, tenant.id, [member.id]);
    await sessions.clearFailures(trx, tenant.id, 'account', member.email!);
    await history.appendMany(trx, tenant.id, [
      { memberId: member.id, context: 'PersonUpdateme', data: [{ field: 'password', label: 'Salasana', old: null, new: '********' }], authorId: member.id, at },
    ]);
    line.context = `member:${member.id}`;
    line.data = [
      { field: 'ip', new: ip },
      { field: 'sessions', new: closed },
    ];
  });
}
