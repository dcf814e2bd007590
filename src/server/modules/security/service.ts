import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Member, MemberSecurity, Tenant } from '../../db/schema';
import {
  LOGIN_WINDOW_MS,
  MFA_CHALLENGE_TTL_MS,
  MFA_ISSUER,
  MFA_MAX_FAILURES,
  MFA_RESET_CODE_TTL_MS,
  SESSION_IDLE_TIMEOUT_MS,
  type MfaPolicy,
  type MfaState,
} from '../../../shared/constants';
import type { MfaStep, SiteAdminsReply } from '../../../shared/schemas/security';
import { formatFinnishDateTime as formatDateTime } from '../../../shared/finnish/date';
import { NotFound, RateLimited, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { isLegacy, secretBox } from '../../lib/secretBox';
import * as activity from '../log/append';
import * as members from '../members/repo';
import * as sessions from '../session/repo';
import * as settings from '../settings/repo';
import { systemFrom } from '../mail/from';
import * as repo from './repo';
import { endSessionsOf, endSiteAdminSessions } from '../session/end';
import { acceptCode, enrollment, newSecret } from './totp';

// Two-factor authentication for site admins (spec §4, issue 8). Stored states are
// none → setting_up → set, and set → resetting (a reset code was emailed) → setting_up
// once the code is used. "Resetting expired" is not stored: it is a resetting row whose
// code's expiry has passed, so no scheduled job is needed.

const box = (deps: Deps) => secretBox(deps.config.sessionSecret, 'mfa-totp');
/** Associated data of a sealed TOTP secret: it opens only on its own association's and admin's row (issue 11). */
const owner = (tenant: Tenant, member: Member): string => `tenant:${String(tenant.id)}:member:${String(member.id)}`;

/** The secret, or null when it cannot be opened (another row's, or SESSION_SECRET changed): no code then matches. */
function openSecret(deps: Deps, tenant: Tenant, member: Member, sealed: string): string | null {
  try {
    return box(deps).open(sealed, owner(tenant, member));
  } catch {
    return null;
  }
}
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
/** Reset codes are keyed hashes: the database alone cannot be used to test guesses offline. */
const resetHash = (deps: Deps, code: string) => crypto.createHmac('sha256', deps.config.sessionSecret).update(`mfa-reset:${code}`).digest('hex');

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

/**
 * Counts the code attempt before the code is checked (issue 11), so parallel guesses get at
 * most MFA_MAX_FAILURES evaluations; the returned slot is given back when the code is right.
 */
async function reserveCodeAttempt(deps: Deps, tenant: Tenant, member: Member): Promise<number> {
  const now = deps.clock.now();
  const since = iso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const slot = await sessions.reserveAttempt(deps.db, tenant.id, 'mfa', String(member.id), iso(now), since, MFA_MAX_FAILURES);
  if (slot === null) throw new RateLimited('mfa_rate_limited');
  return slot;
}

/** The attempt is already counted (reserveCodeAttempt); this logs it. */
async function recordWrongCode(deps: Deps, tenant: Tenant, member: Member, step: string, ip: string | null): Promise<void> {
  const at = iso(deps.clock.now());
  const data = [{ field: 'step', new: step }, ...(ip ? [{ field: 'ip', new: ip }] : [])];
  await activity.append(deps.db, tenant.id, { event: 'mfa_failed', context: `member:${member.id}`, data, authorId: member.id, at });
}

/** Seals a fresh secret as the one being enrolled and returns what the app needs to scan. */
async function beginEnrollment(deps: Deps, tenant: Tenant, member: Member) {
  const secret = newSecret();
  const at = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsert(trx, tenant.id, member.id, {
      // A first enrolment, or one after a used reset code (setup is refused while a key is set).
      mfa_state: 'setting_up',
      pending_secret_enc: box(deps).seal(secret, owner(tenant, member)),
      // A new key has no used codes yet: its replay guard starts over.
      last_step: 0,
      updated_at: at,
    });
    await activity.append(trx, tenant.id, { event: 'mfa_setup_started', context: `member:${member.id}`, authorId: member.id, at });
  });
  return enrollment(secret, member.email ?? `${member.firstname} ${member.lastname}`.trim(), `${MFA_ISSUER} – ${tenant.name}`);
}

/**
 * Checks a code against the admin's secret (or, while enrolling, the pending one) and
 * consumes its time step. Returns whether enrolment was completed by this code.
 */
async function checkCode(
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
  const now = deps.clock.now();
  const plain = openSecret(deps, tenant, member, sealed);
  const step = plain === null ? null : acceptCode(plain, code, now.getTime(), row.last_step);
  // A secret sealed before owners were bound (v1) is sealed again, bound, on its first good code.
  const current = plain !== null && isLegacy(sealed) ? box(deps).seal(plain, owner(tenant, member)) : sealed;
  const at = iso(now);
  const ok =
    step !== null &&
    (await deps.db.transaction().execute(async (trx) => {
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
        await activity.append(trx, tenant.id, { event: 'mfa_enabled', context: `member:${member.id}`, authorId: member.id, at });
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

// --- login steps ---

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
  const at = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    // Single use: the hash goes in the same transaction that accepts it.
    const r = await trx
      .updateTable('member_security')
      .set({ mfa_state: 'setting_up', secret_enc: null, pending_secret_enc: null, reset_code_hash: null, reset_expires_at: null, updated_at: at })
      .where('tenant_id', '=', tenant.id)
      .where('member_id', '=', c.member.id)
      .where('reset_code_hash', '=', given)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw ValidationError.field('reset_code', 'mfa_reset_code_invalid');
    await repo.setChallengeStep(trx, tenant.id, c.id, 'enroll');
    await activity.append(trx, tenant.id, { event: 'mfa_reset_code_used', context: `member:${c.member.id}`, data: [{ field: 'ip', new: ip }], authorId: c.member.id, at });
  });
  await sessions.clearFailures(deps.db, tenant.id, 'mfa', String(c.member.id));
}

export async function enrollForLogin(deps: Deps, tenant: Tenant, token: string) {
  const c = await challenged(deps, tenant, token, ['enroll']);
  return beginEnrollment(deps, tenant, c.member);
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

// --- what one site admin does for another ---

async function siteAdminOf(deps: Deps, tenant: Tenant, id: number, opts: { removedToo?: boolean } = {}): Promise<Member> {
  const m = await members.findById(deps.db, tenant.id, id);
  if (!m || m.site_admin !== 1 || (m.deleted_at !== null && !opts.removedToo) || m.pending === 1) throw new NotFound();
  return m;
}

const RESET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

function newResetCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (b) => RESET_ALPHABET[b % RESET_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function sendResetCode(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<{ resetCodeExpireDate: string }> {
  const target = await siteAdminOf(deps, tenant, id);
  if (!target.email) throw ValidationError.general('mfa_reset_no_email');
  const row = await repo.find(deps.db, tenant.id, target.id);
  const status = mfaStatus(row, deps.clock.now());
  if (status === 'MFA_NOT_SET' || status === 'MFA_SETTING_UP') throw ValidationError.general('mfa_not_set');
  const code = newResetCode();
  const now = deps.clock.now();
  const expires = iso(new Date(now.getTime() + MFA_RESET_CODE_TTL_MS));
  const at = iso(now);
  // The mail goes first: if it cannot be sent, the admin's 2FA stays as it was.
  await deps.mailer.send({
    from: systemFrom(deps.config, tenant),
    to: target.email,
    subject: `Kaksivaiheisen tunnistautumisen palautuskoodi – ${tenant.name}`,
    text:
      `Hei ${target.firstname},\n\n${`${me.firstname} ${me.lastname}`.trim()} lähetti sinulle palautuskoodin yhdistyksen ${tenant.name} ` +
      `jäsenrekisterin kaksivaiheiseen tunnistautumiseen:\n\n    ${code}\n\n` +
      `Kirjaudu sähköpostiosoitteellasi ja salasanallasi, syötä koodi pyydettäessä ja ota sen jälkeen uusi todennussovellus käyttöön.\n` +
      `Koodi toimii kerran ja on voimassa ${formatDateTime(expires)} asti.\n\n` +
      `Jos et pyytänyt koodia, ilmoita siitä yhdistyksen pääkäyttäjälle.\n`,
  });
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsert(trx, tenant.id, target.id, { mfa_state: 'resetting', reset_code_hash: resetHash(deps, code.replace('-', '')), reset_expires_at: expires, updated_at: at });
    await activity.append(trx, tenant.id, {
      event: 'mfa_reset_code_sent',
      context: `member:${target.id}`,
      data: [{ field: 'resetCodeExpireDate', new: expires }],
      authorId: me.id,
      at,
    });
  });
  return { resetCodeExpireDate: expires };
}

export async function clearMfa(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<void> {
  const target = await siteAdminOf(deps, tenant, id);
  if (target.id === me.id) throw ValidationError.general('mfa_clear_self');
  const at = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    const before = mfaStatus(await repo.find(trx, tenant.id, target.id), deps.clock.now());
    await repo.upsert(trx, tenant.id, target.id, {
      mfa_state: 'none',
      secret_enc: null,
      pending_secret_enc: null,
      reset_code_hash: null,
      reset_expires_at: null,
      updated_at: at,
    });
    await repo.removeChallenges(trx, tenant.id, { memberId: target.id });
    await activity.append(trx, tenant.id, {
      event: 'mfa_cleared',
      context: `member:${target.id}`,
      data: [{ field: 'mfa_status', old: before, new: 'MFA_NOT_SET' }],
      authorId: me.id,
      at,
    });
  });
}

/** id 0 (or one's own id): one's other sessions; otherwise every session of that admin. */
export async function closeAdminSessions(deps: Deps, tenant: Tenant, me: Member, currentSessionId: string, id: number): Promise<number> {
  const own = id === 0 || id === me.id;
  // A removed admin's leftover sessions can be closed too (issue 11).
  const target = own ? me : await siteAdminOf(deps, tenant, id, { removedToo: true });
  const at = iso(deps.clock.now());
  return deps.db.transaction().execute(async (trx) => {
    const closed = await endSessionsOf(trx, tenant.id, [target.id], own ? currentSessionId : undefined);
    await activity.append(trx, tenant.id, {
      event: 'sessions_closed',
      context: `member:${target.id}`,
      data: [{ field: 'count', new: closed }],
      authorId: me.id,
      at,
    });
    return closed;
  });
}

export async function siteAdmins(deps: Deps, tenant: Tenant, me: Member): Promise<SiteAdminsReply> {
  const now = deps.clock.now();
  const admins = await members.listSiteAdmins(deps.db, tenant.id);
  const ids = admins.map((a) => a.id);
  const [rows, counts, p] = await Promise.all([
    repo.listFor(deps.db, tenant.id, ids),
    repo.sessionCounts(deps.db, tenant.id, ids, iso(new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS))),
    policy(deps.db, tenant.id),
  ]);
  const byId = new Map(rows.map((r) => [r.member_id, r]));
  return {
    mfa_enabled_for: p,
    site_admins: admins.map((a) => {
      const row = byId.get(a.id);
      const status = mfaStatus(row, now);
      return {
        id: a.id,
        firstname: a.firstname,
        lastname: a.lastname,
        email: a.email,
        mfa_status: status,
        resetCodeExpireDate: status === 'MFA_RESETTING' || status === 'MFA_RESETTING_EXPIRED' ? (row?.reset_expires_at ?? null) : null,
        last_login: row?.last_login_at ?? null,
        session_count: counts.get(a.id) ?? 0,
        me: a.id === me.id,
      };
    }),
  };
}

/** Login bookkeeping for the admin list ("last login"). */
export async function recordLogin(db: Db, tenantId: number, member: Member, at: string): Promise<void> {
  if (member.site_admin === 1) await repo.upsert(db, tenantId, member.id, { last_login_at: at, updated_at: at });
}

// --- the site-wide switch (settings scope "security") ---

/** Inside the settings transaction: every admin, the one who switched included, signs in again. */
export async function endAdminSessions(db: Db, tenantId: number): Promise<number> {
  const admins = await members.listSiteAdmins(db, tenantId);
  const ids = admins.map((a) => a.id);
  // Removed and inactive admins too: their rows must not outlive the switch (issue 11).
  const closed = await endSiteAdminSessions(db, tenantId);
  for (const id of ids) await repo.removeChallenges(db, tenantId, { memberId: id });
  return closed;
}

/** After the switch: one mail to each admin, so a change nobody expected gets noticed. */
export async function notifyPolicyChange(deps: Deps, tenant: Tenant, me: Member, next: MfaPolicy): Promise<void> {
  const admins = await members.listSiteAdmins(deps.db, tenant.id);
  const who = `${me.firstname} ${me.lastname}`.trim() || (me.email ?? '');
  const what =
    next === 'admins'
      ? 'otti käyttöön kaksivaiheisen tunnistautumisen kaikille pääkäyttäjille. Seuraavalla kirjautumisella sinulta kysytään salasanan lisäksi todennussovelluksen koodi; jos et ole vielä ottanut sovellusta käyttöön, se tehdään kirjautumisen yhteydessä.'
      : 'poisti kaksivaiheisen tunnistautumisen vaatimuksen pääkäyttäjiltä. Jos olet itse ottanut sen käyttöön, se pysyy käytössäsi.';
  for (const a of admins) {
    if (!a.email) continue;
    await deps.mailer.send({
      from: systemFrom(deps.config, tenant),
      to: a.email,
      subject: `Kaksivaiheisen tunnistautumisen asetus muuttui – ${tenant.name}`,
      text:
        `Hei ${a.firstname},\n\n${who} ${what}\n\nKaikki pääkäyttäjien istunnot päätettiin, joten kirjaudu uudelleen.\n` +
        `Jos muutos ei ollut odotettu, ota yhteyttä yhdistyksen muihin pääkäyttäjiin.\n`,
    });
  }
}
