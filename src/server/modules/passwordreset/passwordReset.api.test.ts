import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { makeMember } from '../../test/factories';
import { codeAt } from '../security/totp';
import {
  PASSWORD_RESET_MAX_PER_ADDRESS,
  PASSWORD_RESET_MAX_PER_IP,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_WINDOW_MS,
} from '../../../shared/constants';

// Forgotten password by email. Mails are kept in memory (and can be held back,
// to show the reply does not wait for them); the clock is the injected one.

describe(`password reset by email (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  const sent: OutgoingMail[] = [];
  /** While set, sending waits for it: the mail of a known address is "slow". */
  let hold: Promise<void> | null = null;
  const mailer: Mailer = {
    async send(mail) {
      if (hold) await hold;
      sent.push(mail);
      return { messageId: String(sent.length) };
    },
    close: () => {},
  };
  let n = 0;
  const NEW_PASSWORD = 'Uusi-Salasana-2026';

  beforeAll(async () => {
    t = await testApp({ mailer, config: { publicUrl: 'https://jasenet.example.fi' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(new Date());
    a = await makeTenant(t.deps, 'Kuoro Laulu ry');
    sent.length = 0;
    hold = null;
  });

  const client = () => new Client(t.app, a.tenant.hostname!, { ip: `10.6.${Math.floor(++n / 250)}.${(n % 250) + 1}` });

  async function addMember(over: { active?: 0 | 1; pending?: 0 | 1; deleted?: boolean } = {}): Promise<{ id: number; email: string }> {
    n += 1;
    const email = `jasen${n}@example.fi`;
    const m = await makeMember(t.deps, a, {
      firstname: 'Maija',
      lastname: `Meikäläinen${n}`,
      email,
      password: ADMIN_PASSWORD,
      active: over.active ?? 1,
      pending: over.pending ?? 0,
      deleted_at: over.deleted ? new Date().toISOString() : null,
    });
    return { id: m.id, email };
  }

  /** Waits for the mail sent after the reply (the service sends it in the background). */
  async function mailTo(email: string): Promise<OutgoingMail> {
    for (let i = 0; i < 100; i++) {
      const mail = sent.find((m) => m.to === email);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail to ${email}`);
  }
  const settle = () => new Promise((r) => setTimeout(r, 300));
  const tokenOf = (mail: OutgoingMail): string => /\/@reset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

  async function requestLink(email: string, c = client()): Promise<string> {
    const r = await c.post('/api/1/session/reset_request', { email });
    expect(r.body).toEqual({ ok: true });
    const mail = await mailTo(email);
    sent.splice(sent.indexOf(mail), 1);
    return tokenOf(mail);
  }

  const reset = (token: string, password = NEW_PASSWORD, confirm = password) =>
    client().post('/api/1/session/reset_password', { token, newPassword_: password, confirmNewPassword_: confirm });

  it('mails a link naming the association, built from PUBLIC_URL and the configured host, not the Host header', async () => {
    const m = await addMember();
    const r = await client().request('POST', '/api/1/session/reset_request', { email: `  ${m.email.toUpperCase()} ` }, { 'x-forwarded-host': 'evil.example' });
    expect(r.status).toBe(200);
    const mail = await mailTo(m.email);
    expect(mail.subject).toBe('Salasanan vaihtaminen – Kuoro Laulu ry');
    expect(mail.from).toContain('Kuoro Laulu ry');
    expect(mail.text).toContain('yhdistyksen Kuoro Laulu ry jäsenrekisteriin');
    expect(mail.text).toMatch(new RegExp(`https://${a.tenant.hostname!.replace(/\./g, '\\.')}/@reset/[A-Za-z0-9_-]{43}\\s`));
    expect(mail.text).not.toContain('evil');
    // Only the hash is stored, bound to the member and the association, valid one hour.
    const token = tokenOf(mail);
    const rows = await t.deps.db.selectFrom('password_resets').selectAll().where('tenant_id', '=', a.tenant.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ member_id: m.id, used_at: null });
    expect(rows[0]!.id).not.toContain(token);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(PASSWORD_RESET_TTL_MS);
  });

  it('answers an unknown address exactly like a known one, without waiting for the mail', async () => {
    const m = await addMember();
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const known = await client().post('/api/1/session/reset_request', { email: m.email });
    const unknown = await client().post('/api/1/session/reset_request', { email: 'ei-ole@example.fi' });
    // The known address's mail is still held back: the reply did not wait for it.
    expect(sent).toEqual([]);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    release();
    await mailTo(m.email);
    await settle();
    expect(sent.map((s) => s.to)).toEqual([m.email]);
  });

  it('sends nothing to removed, pending or inactive members, with the same answer', async () => {
    const members = [await addMember({ deleted: true }), await addMember({ pending: 1 }), await addMember({ active: 0 })];
    for (const m of members) {
      const r = await client().post('/api/1/session/reset_request', { email: m.email });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ok: true });
    }
    await settle();
    expect(sent).toEqual([]);
    expect(await t.deps.db.selectFrom('password_resets').select('id').where('tenant_id', '=', a.tenant.id).execute()).toEqual([]);
  });

  it('refuses a link once the member has been removed or made inactive', async () => {
    const m = await addMember();
    const token = await requestLink(m.email);
    await t.deps.db.updateTable('members').set({ active: 0 }).where('id', '=', m.id).execute();
    expect((await reset(token)).body).toEqual({ errors: { general: ['password_reset_invalid'] } });
  });

  it('sets a new password by the password rules, ends every session of the member and logs it without secrets', async () => {
    const m = await addMember();
    const before = client();
    await before.login(m.email);
    const token = await requestLink(m.email);

    expect((await client().post('/api/1/session/reset_check', { token })).body).toEqual({ ok: true });
    expect((await reset(token, 'lyhyt')).body).toEqual({ errors: { newPassword_: ['insufficient_password_strength'] } });
    expect((await reset(token, NEW_PASSWORD, 'Jotain-Muuta-123')).body).toEqual({ errors: { confirmNewPassword_: ['passwords_dont_match'] } });
    expect((await reset(token, 'x'.repeat(51))).body).toEqual({ errors: { newPassword_: ['_validation_too_long'] } });

    const r = await reset(token);
    expect(r.body).toEqual({ ok: true });
    // Nobody is signed in by the reset, and the old session is gone.
    expect(r.cookies.find((c) => c.name === 'seura_session')).toBeUndefined();
    expect((await before.get('/api/1/session/get')).status).toBe(401);
    expect((await client().post('/api/1/session/login', { email: m.email, password: ADMIN_PASSWORD })).status).toBe(400);
    await client().login(m.email, NEW_PASSWORD);

    const log = await t.deps.db.selectFrom('activity_log').select(['event', 'context', 'data', 'author_id']).where('tenant_id', '=', a.tenant.id).where('event', 'like', 'password_reset%').orderBy('id').execute();
    expect(log.map((e) => [e.event, e.context, e.author_id])).toEqual([
      ['password_reset_requested', `member:${m.id}`, m.id],
      ['password_reset', `member:${m.id}`, m.id],
    ]);
    expect(JSON.parse(log[1]!.data)).toContainEqual({ field: 'sessions', new: 1 });
    const all = JSON.stringify(log);
    expect(all).not.toContain(token);
    expect(all).not.toContain(NEW_PASSWORD);
    const history = await t.deps.db.selectFrom('member_history').select('data').where('member_id', '=', m.id).execute();
    expect(JSON.parse(history.at(-1)!.data)).toEqual([{ field: 'password', label: 'Salasana', old: null, new: '********' }]);
  });

  it('works once, and using one link spends the member’s other outstanding links', async () => {
    const m = await addMember();
    const first = await requestLink(m.email);
    const second = await requestLink(m.email);
    expect((await reset(second)).body).toEqual({ ok: true });
    expect((await reset(second, 'Kolmas-Salasana-99')).body).toEqual({ errors: { general: ['password_reset_invalid'] } });
    expect((await reset(first, 'Kolmas-Salasana-99')).body).toEqual({ errors: { general: ['password_reset_invalid'] } });
    expect((await client().post('/api/1/session/reset_check', { token: first })).body).toEqual({ errors: { general: ['password_reset_invalid'] } });
    await client().login(m.email, NEW_PASSWORD);
  });

  it('expires after an hour', async () => {
    const m = await addMember();
    const token = await requestLink(m.email);
    t.clock.advance(PASSWORD_RESET_TTL_MS + 1000);
    expect((await client().post('/api/1/session/reset_check', { token })).body).toEqual({ errors: { general: ['password_reset_invalid'] } });
    expect((await reset(token)).body).toEqual({ errors: { general: ['password_reset_invalid'] } });
    await client().login(m.email);
  });

  it('answers unknown tokens like spent ones', async () => {
    for (const token of ['x', 'A'.repeat(43)]) {
      expect((await reset(token)).body).toEqual({ errors: { general: ['password_reset_invalid'] } });
    }
  });

  it('limits requests per address (known or not) and per IP, then lets them through after the window', async () => {
    const m = await addMember();
    for (const email of [m.email, 'tuntematon@example.fi']) {
      for (let i = 0; i < PASSWORD_RESET_MAX_PER_ADDRESS; i++) expect((await client().post('/api/1/session/reset_request', { email })).status).toBe(200);
      const limited = await client().post('/api/1/session/reset_request', { email });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ errors: { general: ['password_reset_rate_limited'] } });
    }
    await settle();
    expect(sent.filter((s) => s.to === m.email)).toHaveLength(PASSWORD_RESET_MAX_PER_ADDRESS);

    const sameIp = new Client(t.app, a.tenant.hostname!, { ip: '10.99.0.1' });
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_IP; i++) expect((await sameIp.post('/api/1/session/reset_request', { email: `ip${i}@example.fi` })).status).toBe(200);
    expect((await sameIp.post('/api/1/session/reset_request', { email: 'ip-last@example.fi' })).status).toBe(429);

    t.clock.advance(PASSWORD_RESET_WINDOW_MS + 1000);
    expect((await sameIp.post('/api/1/session/reset_request', { email: m.email })).status).toBe(200);
  });

  it('validates the address', async () => {
    expect((await client().post('/api/1/session/reset_request', { email: '' })).body).toEqual({ errors: { email: ['_validation_field_required'] } });
    expect((await client().post('/api/1/session/reset_request', { email: 'ei-osoite' })).body).toEqual({ errors: { email: ['_validation_invalid_email'] } });
  });

  it('keeps two-factor authentication: an enrolled admin is asked for the code at the next login', async () => {
    const admin = client();
    await admin.login(a.admin.email!);
    const setup = await admin.post('/api/1/session/mfa_setup');
    expect((await admin.post('/api/1/session/mfa_confirm', { code: codeAt(setup.body.secret, t.clock.now().getTime()) })).body).toEqual({ ok: true });

    const token = await requestLink(a.admin.email!);
    expect((await reset(token)).body).toEqual({ ok: true });
    expect((await admin.get('/api/1/session/get')).status).toBe(401);
    const login = await client().post('/api/1/session/login', { email: a.admin.email, password: NEW_PASSWORD });
    expect(login.body).toMatchObject({ mfa_required: 'code' });
  });
});
