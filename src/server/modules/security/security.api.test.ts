import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureSmtp, type SmtpCapture } from '../../test/smtp';
import { ADMIN_PASSWORD, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import { createMailer } from '../mail/mailer';
import { insert as insertMember } from '../members/repo';
import { codeAt } from './totp';
import { makeMember } from '../../test/factories';

// Two-factor authentication: every MFA transition (expiry with an injected clock), replay
// refusal, single-use reset codes, the site-wide switch ending sessions with one mail
// per admin (a local SMTP server), role checks and CSRF.

describe(`two-factor authentication and admin sessions (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let smtp: SmtpCapture;
  let mails: SmtpCapture['mails'];
  let n = 0;

  beforeAll(async () => {
    smtp = await captureSmtp();
    mails = smtp.mails;
    t = await testApp({ mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/tmp' }) });
    t.clock.set('2026-11-23T08:00:00Z');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    // Each test its own association: the site-wide switch and sessions never leak between tests.
    a = await makeTenant(t.deps);
    mails.length = 0;
  });

  const host = () => a.tenant.hostname!;
  /** Another site admin of the current association, not yet logged in. */
  async function addAdmin(firstname = 'Toinen'): Promise<{ id: number; email: string }> {
    n += 1;
    const email = `admin${n}@${host()}`;
    const m = await makeMember(t.deps, a, { firstname, lastname: 'Pääkäyttäjä', email, password: ADMIN_PASSWORD, site_admin: 1 });
    return { id: m.id, email };
  }
  const client = (ip = `10.8.0.${(n % 200) + 1}`) => new Client(t.app, host(), { ip });
  const code = (secret: string, offsetMs = 0) => codeAt(secret, t.clock.now().getTime() + offsetMs);
  const nextWindow = () => t.clock.advance(30_000);

  async function signedIn(email: string): Promise<Client> {
    const c = client();
    const r = await c.post('/api/1/session/login', { email, password: ADMIN_PASSWORD });
    expect(r.body.user?.email).toBe(email);
    return c;
  }

  /** Enrols the signed-in admin; returns the secret shown to them. */
  async function enrolOwn(c: Client): Promise<string> {
    const setup = await c.post('/api/1/session/mfa_setup');
    expect(setup.status).toBe(200);
    const ok = await c.post('/api/1/session/mfa_confirm', { code: code(setup.body.secret) });
    expect(ok.body).toEqual({ ok: true });
    return setup.body.secret as string;
  }

  async function statusOf(c: Client, id: number) {
    const r = await c.post('/api/1/settings/get_site_admins');
    expect(r.status).toBe(200);
    return r.body.site_admins.find((s: { id: number }) => s.id === id);
  }

  it('enrols: not set → setting up → set, confirmed only by a valid code; the secret is stored sealed', async () => {
    const c = await signedIn(a.admin.email!);
    expect(await statusOf(c, a.admin.id)).toMatchObject({ mfa_status: 'MFA_NOT_SET', resetCodeExpireDate: null, me: true, session_count: 1 });

    const setup = await c.post('/api/1/session/mfa_setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr_svg).toMatch(/^<svg/);
    expect((await statusOf(c, a.admin.id)).mfa_status).toBe('MFA_SETTING_UP');

    const wrong = await c.post('/api/1/session/mfa_confirm', { code: code(setup.body.secret, 120_000) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: ['mfa_code_invalid'] });
    const malformed = await c.post('/api/1/session/mfa_confirm', { code: '12ab' });
    expect(malformed.body.errors).toEqual({ code: ['mfa_code_invalid'] });

    const ok = await c.post('/api/1/session/mfa_confirm', { code: code(setup.body.secret).replace(/^(\d{3})/, '$1 ') });
    expect(ok.body).toEqual({ ok: true });
    expect((await statusOf(c, a.admin.id)).mfa_status).toBe('MFA_SET');

    const row = await t.deps.db.selectFrom('member_security').selectAll().where('tenant_id', '=', a.tenant.id).where('member_id', '=', a.admin.id).executeTakeFirstOrThrow();
    expect(row.secret_enc).toMatch(/^v2\./);
    expect(row.secret_enc).not.toContain(setup.body.secret);
    expect(row.pending_secret_enc).toBeNull();

    // A working authenticator cannot be replaced from a session alone.
    expect((await c.post('/api/1/session/mfa_setup')).body.errors).toEqual({ general: ['mfa_already_set'] });
    const events = await t.deps.db.selectFrom('activity_log').select('event').where('tenant_id', '=', a.tenant.id).where('event', 'like', 'mfa_%').orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['mfa_setup_started', 'mfa_failed', 'mfa_enabled']);
  });

  it('asks for the code after the password, and refuses a replayed code', async () => {
    const secret = await enrolOwn(await signedIn(a.admin.email!));
    nextWindow();

    const c = client();
    const first = await c.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfa_required: 'code', challenge: expect.any(String) });
    expect((await c.get('/api/1/session/get')).status).toBe(401);

    const bad = await c.post('/api/1/session/mfa_verify', { challenge: first.body.challenge, code: code(secret, -90_000) });
    expect(bad.body.errors).toEqual({ code: ['mfa_code_invalid'] });
    const good = code(secret);
    const done = await c.post('/api/1/session/mfa_verify', { challenge: first.body.challenge, code: good });
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(a.admin.id);
    expect((await c.get('/api/1/session/get')).status).toBe(200);
    // The challenge is spent.
    expect((await c.post('/api/1/session/mfa_verify', { challenge: first.body.challenge, code: good })).body.errors).toEqual({ general: ['mfa_challenge_expired'] });

    // Same code again from another browser within its window: a replay.
    const other = client('10.9.9.9');
    const again = await other.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    const replay = await other.post('/api/1/session/mfa_verify', { challenge: again.body.challenge, code: good });
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toEqual({ code: ['mfa_code_invalid'] });
    // The previous step's code is older than the one used: refused too.
    expect((await other.post('/api/1/session/mfa_verify', { challenge: again.body.challenge, code: code(secret, -30_000) })).status).toBe(400);
    nextWindow();
    expect((await other.post('/api/1/session/mfa_verify', { challenge: again.body.challenge, code: code(secret) })).status).toBe(200);

    const logins = await t.deps.db.selectFrom('activity_log').select(['event', 'data']).where('tenant_id', '=', a.tenant.id).where('event', 'in', ['login', 'login_mfa_required']).orderBy('id').execute();
    expect(logins.map((l) => l.event)).toEqual(['login', 'login_mfa_required', 'login', 'login_mfa_required', 'login']);
    expect(JSON.parse(logins[2]!.data)).toContainEqual({ field: 'mfa', new: true });
  });

  it('lets a challenge expire, and rate-limits wrong codes', async () => {
    const secret = await enrolOwn(await signedIn(a.admin.email!));
    nextWindow();
    const c = client();
    const login = await c.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    t.clock.advance(11 * 60_000);
    expect((await c.post('/api/1/session/mfa_verify', { challenge: login.body.challenge, code: code(secret) })).body.errors).toEqual({ general: ['mfa_challenge_expired'] });

    const retry = await c.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/1/session/mfa_verify', { challenge: retry.body.challenge, code: '000000' === code(secret) ? '111111' : '000000' })).status).toBe(400);
    }
    const limited = await c.post('/api/1/session/mfa_verify', { challenge: retry.body.challenge, code: code(secret) });
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toEqual({ general: ['mfa_rate_limited'] });
    const failed = await t.deps.db.selectFrom('activity_log').select('data').where('tenant_id', '=', a.tenant.id).where('event', '=', 'mfa_failed').execute();
    expect(failed).toHaveLength(5);
    expect(JSON.parse(failed[0]!.data)).toContainEqual({ field: 'step', new: 'code' });
    // The window passes: the right code works again.
    t.clock.advance(16 * 60_000);
    const fresh = await c.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    expect((await c.post('/api/1/session/mfa_verify', { challenge: fresh.body.challenge, code: code(secret) })).status).toBe(200);
  });

  it('resets with an emailed single-use code: resetting → setting up → set', async () => {
    const other = await addAdmin();
    const secret = await enrolOwn(await signedIn(a.admin.email!));
    const helper = await signedIn(other.email);

    const sent = await helper.post('/api/1/members/send_mfa_reset_code', { id: a.admin.id });
    expect(sent.status).toBe(200);
    const expires = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();
    expect(sent.body).toEqual({ ok: true, resetCodeExpireDate: expires });
    expect(await statusOf(helper, a.admin.id)).toMatchObject({ mfa_status: 'MFA_RESETTING', resetCodeExpireDate: expires });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([a.admin.email]);
    const resetCode = /\b([A-Z2-9]{5}-[A-Z2-9]{5})\b/.exec(mails[0]!.raw)?.[1];
    expect(resetCode).toBeDefined();
    const row = await t.deps.db.selectFrom('member_security').select('reset_code_hash').where('tenant_id', '=', a.tenant.id).where('member_id', '=', a.admin.id).executeTakeFirstOrThrow();
    expect(row.reset_code_hash).not.toContain(resetCode!.replace('-', ''));

    nextWindow();
    const c = client();
    const login = await c.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    expect(login.body.mfa_required).toBe('reset_code');
    // The old authenticator no longer opens the door while a reset is under way.
    expect((await c.post('/api/1/session/mfa_verify', { challenge: login.body.challenge, code: code(secret) })).body.errors).toEqual({ general: ['mfa_challenge_expired'] });
    expect((await c.post('/api/1/session/mfa_reset', { challenge: login.body.challenge, reset_code: 'AAAAA-AAAAA' })).body.errors).toEqual({ reset_code: ['mfa_reset_code_invalid'] });

    const used = await c.post('/api/1/session/mfa_reset', { challenge: login.body.challenge, reset_code: resetCode!.toLowerCase() });
    expect(used.body).toEqual({ mfa_required: 'enroll', challenge: login.body.challenge });
    expect((await statusOf(helper, a.admin.id)).mfa_status).toBe('MFA_SETTING_UP');
    // Single use: the same code cannot be entered again.
    expect((await c.post('/api/1/session/mfa_reset', { challenge: login.body.challenge, reset_code: resetCode })).status).toBe(400);
    const hash = await t.deps.db.selectFrom('member_security').select('reset_code_hash').where('tenant_id', '=', a.tenant.id).where('member_id', '=', a.admin.id).executeTakeFirstOrThrow();
    expect(hash.reset_code_hash).toBeNull();

    const enrol = await c.post('/api/1/session/mfa_enroll', { challenge: login.body.challenge });
    expect(enrol.body.secret).not.toBe(secret);
    const done = await c.post('/api/1/session/mfa_verify', { challenge: login.body.challenge, code: code(enrol.body.secret) });
    expect(done.status).toBe(200);
    expect((await statusOf(helper, a.admin.id)).mfa_status).toBe('MFA_SET');
  });

  it('gives a new key its own replay guard: its first code works in the window the old key was last used', async () => {
    const other = await addAdmin();
    const mine = await signedIn(a.admin.email!);
    await enrolOwn(mine); // uses this window's code of the old key
    expect((await (await signedIn(other.email)).post('/api/1/members/clear_mfa', { id: a.admin.id })).body).toEqual({ ok: true });
    const setup = await mine.post('/api/1/session/mfa_setup');
    expect((await mine.post('/api/1/session/mfa_confirm', { code: code(setup.body.secret) })).body).toEqual({ ok: true });
    // ...and the code it just accepted is still single-use.
    const c = client();
    const login = await c.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    expect((await c.post('/api/1/session/mfa_verify', { challenge: login.body.challenge, code: code(setup.body.secret) })).status).toBe(400);
  });

  it('turns resetting into resetting expired once the code expires (read time), which locks the login', async () => {
    const other = await addAdmin();
    await enrolOwn(await signedIn(a.admin.email!));
    const helper = await signedIn(other.email);
    await helper.post('/api/1/members/send_mfa_reset_code', { id: a.admin.id });

    t.clock.advance(24 * 3600_000 - 1000);
    // (sessions idle out after 8 hours: sign in again to look)
    expect((await statusOf(await signedIn(other.email), a.admin.id)).mfa_status).toBe('MFA_RESETTING');
    t.clock.advance(2000);
    const helper2 = await signedIn(other.email);
    const expired = await statusOf(helper2, a.admin.id);
    expect(expired.mfa_status).toBe('MFA_RESETTING_EXPIRED');
    expect(expired.resetCodeExpireDate).not.toBeNull();

    const locked = await client().post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    expect(locked.status).toBe(400);
    expect(locked.body.errors).toEqual({ general: ['mfa_reset_expired'] });

    // A new code starts a new reset; clearing instead lets the admin in with the password.
    await helper2.post('/api/1/members/send_mfa_reset_code', { id: a.admin.id });
    expect((await statusOf(helper2, a.admin.id)).mfa_status).toBe('MFA_RESETTING');
    expect((await helper2.post('/api/1/members/clear_mfa', { id: a.admin.id })).body).toEqual({ ok: true });
    expect((await statusOf(helper2, a.admin.id)).mfa_status).toBe('MFA_NOT_SET');
    const plain = await client().post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    expect(plain.body.user.id).toBe(a.admin.id);
  });

  it('refuses clearing one’s own 2FA, resets for admins without 2FA, and other members as targets', async () => {
    const c = await signedIn(a.admin.email!);
    const other = await addAdmin();
    expect((await c.post('/api/1/members/clear_mfa', { id: a.admin.id })).body.errors).toEqual({ general: ['mfa_clear_self'] });
    expect((await c.post('/api/1/members/send_mfa_reset_code', { id: other.id })).body.errors).toEqual({ general: ['mfa_not_set'] });
    const now = new Date().toISOString();
    const plain = await insertMember(t.deps.db, a.tenant.id, { firstname: 'Ei', lastname: 'Admin', email: `x${n}@${host()}`, active: 1, site_admin: 0, board: 0, deleted_at: null, created_at: now, updated_at: now });
    for (const url of ['/api/1/members/clear_mfa', '/api/1/members/send_mfa_reset_code', '/api/1/members/close_site_admin_sessions']) {
      expect((await c.post(url, { id: plain.id })).status).toBe(404);
      expect((await c.post(url, { id: 99_999_999 })).status).toBe(404);
    }
    expect(mails).toHaveLength(0);
  });

  it('closes an admin’s sessions; id 0 closes one’s own other sessions only', async () => {
    const other = await addAdmin();
    const mine1 = await signedIn(a.admin.email!);
    const mine2 = await signedIn(a.admin.email!);
    const theirs = await signedIn(other.email);
    expect(await statusOf(mine1, a.admin.id)).toMatchObject({ session_count: 2, last_login: t.clock.now().toISOString() });

    const own = await mine1.post('/api/1/members/close_site_admin_sessions', { id: 0 });
    expect(own.body).toEqual({ ok: true, closed: 1 });
    expect((await mine1.get('/api/1/session/get')).status).toBe(200);
    expect((await mine2.get('/api/1/session/get')).status).toBe(401);

    const closed = await mine1.post('/api/1/members/close_site_admin_sessions', { id: other.id });
    expect(closed.body).toEqual({ ok: true, closed: 1 });
    expect((await theirs.get('/api/1/session/get')).status).toBe(401);
    const logged = await t.deps.db.selectFrom('activity_log').select(['context', 'data']).where('tenant_id', '=', a.tenant.id).where('event', '=', 'sessions_closed').orderBy('id').execute();
    expect(logged.map((l) => l.context)).toEqual([`member:${a.admin.id}`, `member:${other.id}`]);
  });

  it('switching 2FA site-wide ends every admin session and mails each admin once', async () => {
    const other = await addAdmin('Kolmas');
    const me = await signedIn(a.admin.email!);
    const them = await signedIn(other.email);
    const board = await memberClient(t, a, 'board');

    const on = await me.post('/api/1/settings/save', { scope_: 'security', mfa_enabled_for: 'admins' });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ mfa_enabled_for: 'admins', sessions_ended_: true });
    expect(on.cookies.find((c) => c.name === 'seura_session')?.value).toBe('');
    expect((await me.get('/api/1/session/get')).status).toBe(401);
    expect((await them.get('/api/1/session/get')).status).toBe(401);
    expect((await board.get('/api/1/session/get')).status).toBe(200);

    expect(mails.map((m) => m.to).sort()).toEqual([[a.admin.email], [other.email]].sort());
    expect(mails[0]!.raw).toMatch(/Subject: =\?UTF-8\?Q\?Kaksivaiheisen_tunnistautumisen_asetus/);
    const log = await t.deps.db.selectFrom('activity_log').select('data').where('tenant_id', '=', a.tenant.id).where('event', '=', 'mfa_policy_changed').executeTakeFirstOrThrow();
    expect(JSON.parse(log.data)).toEqual([
      { field: 'mfa_enabled_for', old: 'disabled', new: 'admins' },
      { field: 'sessions_closed', new: 2 },
    ]);

    // An admin without 2FA now enrols during login.
    const c = client();
    const login = await c.post('/api/1/session/login', { email: other.email, password: ADMIN_PASSWORD });
    expect(login.body.mfa_required).toBe('enroll');
    const enrol = await c.post('/api/1/session/mfa_enroll', { challenge: login.body.challenge });
    expect((await c.post('/api/1/session/mfa_verify', { challenge: login.body.challenge, code: code(enrol.body.secret) })).status).toBe(200);
    // Board members and ordinary members are not asked (2FA is for admins).
    const boardAgain = await memberClient(t, a, 'board');
    expect((await boardAgain.get('/api/1/session/get')).status).toBe(200);

    mails.length = 0;
    const off = await c.post('/api/1/settings/save', { scope_: 'security', mfa_enabled_for: 'disabled' });
    expect(off.body.sessions_ended_).toBe(true);
    expect((await c.get('/api/1/session/get')).status).toBe(401);
    expect(mails).toHaveLength(2);
    // Saving the same value again changes nothing and ends nothing.
    const again = await signedIn(a.admin.email!);
    mails.length = 0;
    const same = await again.post('/api/1/settings/save', { scope_: 'security', mfa_enabled_for: 'disabled' });
    expect(same.body.sessions_ended_).toBeUndefined();
    expect((await again.get('/api/1/session/get')).status).toBe(200);
    expect(mails).toHaveLength(0);
    expect((await again.post('/api/1/settings/save', { scope_: 'security', mfa_enabled_for: 'everyone' })).body.errors).toEqual({ mfa_enabled_for: ['_validation_invalid_choice'] });
  });

  it('keeps all of it to site admins, with a session and the CSRF token', async () => {
    const board = await memberClient(t, a, 'board');
    const member = await memberClient(t, a, 'member');
    const calls: [string, unknown][] = [
      ['/api/1/settings/get_site_admins', {}],
      ['/api/1/members/clear_mfa', { id: a.admin.id }],
      ['/api/1/members/send_mfa_reset_code', { id: a.admin.id }],
      ['/api/1/members/close_site_admin_sessions', { id: a.admin.id }],
      ['/api/1/session/mfa_setup', {}],
      ['/api/1/session/mfa_confirm', { code: '123456' }],
      ['/api/1/settings/save', { scope_: 'security', mfa_enabled_for: 'admins' }],
    ];
    const anonymous = client();
    for (const [url, body] of calls) {
      expect((await board.post(url, body)).status, url).toBe(403);
      expect((await member.post(url, body)).status, url).toBe(403);
      expect((await anonymous.post(url, body)).status, url).toBe(401);
    }
    const noCsrf = new Client(t.app, host(), { csrf: false });
    await noCsrf.login(a.admin.email!).catch(() => undefined); // login itself needs the token too
    const admin = await signedIn(a.admin.email!);
    const jarCopy = new Client(t.app, host(), { csrf: false });
    for (const [k, v] of admin.jar) jarCopy.jar.set(k, v);
    for (const [url, body] of calls) expect((await jarCopy.post(url, body)).status, url).toBe(403);
    for (const url of ['/api/1/session/mfa_verify', '/api/1/session/mfa_reset', '/api/1/session/mfa_enroll']) {
      expect((await jarCopy.post(url, { challenge: 'x'.repeat(20), code: '123456', reset_code: 'A' })).status, url).toBe(403);
    }
    expect((await admin.post('/api/1/session/mfa_enroll', { challenge: 'not-a-real-challenge' })).body.errors).toEqual({ general: ['mfa_challenge_expired'] });
  });
});
