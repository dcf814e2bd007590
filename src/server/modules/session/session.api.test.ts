import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, ADMIN_PASSWORD, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import { makeMember } from '../../test/factories';
import { SESSION_IDLE_TIMEOUT_MS, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from '../../../shared/constants';

describe(`session API (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let ip = 0;
  // Each test gets its own client IP so the per-IP throttle of one test does not leak into another.
  const client = (opts: { csrf?: boolean } = {}) => new Client(t.app, a.tenant.hostname!, { ...opts, ip: `10.0.0.${++ip}` });

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Kuoro Laulu ry');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(new Date()));

  it('logs in with email and password, sets HttpOnly session and readable CSRF cookies', async () => {
    const c = client();
    const r = await c.post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      user: { id: a.admin.id, firstname: 'Pää', lastname: 'Käyttäjä', email: a.admin.email, site_admin: true, board: true },
      customer_name: 'Kuoro Laulu ry',
      persistent_data: {},
    });
    const session = r.cookies.find((k) => k.name === 'seura_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(c.jar.get('csrftoken')).toMatch(/^[\w-]+\.[\w-]+$/);
    const me = await c.get('/api/1/session/get');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(a.admin.id);
  });

  it('stores passwords as argon2id hashes', () => {
    expect(a.admin.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts the email in any case and with spaces', async () => {
    const r = await client().post('/api/1/session/login', { email: `  ${a.admin.email!.toUpperCase()} `, password: ADMIN_PASSWORD });
    expect(r.status).toBe(200);
  });

  it('gives the same error for an unknown email and a wrong password', async () => {
    const wrong = await client().post('/api/1/session/login', { email: a.admin.email, password: 'väärä-salasana' });
    const unknown = await client().post('/api/1/session/login', { email: 'ei-ole@example.fi', password: 'väärä-salasana' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { general: ['login_failed'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  const addMember = (email: string, active: 0 | 1 = 1) => makeMember(t.deps, a, { lastname: 'Jäsen', email, active, password: ADMIN_PASSWORD });

  it('refuses an inactive member with the same error', async () => {
    await addMember('passiivi@example.fi', 0);
    const r = await client().post('/api/1/session/login', { email: 'passiivi@example.fi', password: ADMIN_PASSWORD });
    expect(r.body).toEqual({ errors: { general: ['login_failed'] } });
  });

  it('puts missing fields under the field', async () => {
    const r = await client().post('/api/1/session/login', { email: '', password: '' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ email: ['_validation_field_required'], password: ['_validation_field_required'] });
  });

  it('rate limits failed logins per account (429), even with the right password afterwards', async () => {
    const email = (await addMember('lukittu@example.fi')).email!;
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await client().post('/api/1/session/login', { email, password: `väärä-${i}` })).status).toBe(400);
    }
    const blocked = await client().post('/api/1/session/login', { email, password: ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ errors: { general: ['login_rate_limited'] } });
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await client().post('/api/1/session/login', { email, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('rate limits failed logins per IP across accounts', async () => {
    const c = client();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      expect((await c.post('/api/1/session/login', { email: `kokeilu${i}@example.fi`, password: 'x' })).status).toBe(400);
    }
    expect((await c.post('/api/1/session/login', { email: 'vielä@example.fi', password: 'x' })).status).toBe(429);
    // Another address is not affected.
    expect((await client().post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('ends a session idle for more than 8 hours, keeps an active one alive', async () => {
    const c = client();
    await c.login(a.admin.email!);
    t.clock.advance(SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect((await c.get('/api/1/session/get')).status).toBe(200); // touches last_seen_at
    t.clock.advance(SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect((await c.get('/api/1/session/get')).status).toBe(200);
    t.clock.advance(SESSION_IDLE_TIMEOUT_MS + 1000);
    const r = await c.get('/api/1/session/get');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'A4SessionError' });
  });

  it('logout deletes the server-side session, so the old cookie no longer works', async () => {
    const c = client();
    await c.login(a.admin.email!);
    const cookie = c.jar.get('seura_session')!;
    expect((await c.post('/api/1/session/logout')).status).toBe(200);
    const replay = new Client(t.app, a.tenant.hostname!);
    replay.jar.set('seura_session', cookie);
    expect((await replay.get('/api/1/session/get')).status).toBe(401);
  });

  it('answers 401 A4SessionError without a session', async () => {
    const r = await client().get('/api/1/session/get');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'A4SessionError' });
  });

  it('ignores a forged session cookie', async () => {
    const c = client();
    c.jar.set('seura_session', 'forged.value');
    expect((await c.get('/api/1/session/get')).status).toBe(401);
  });

  it('stores persistent data per user', async () => {
    const c = client();
    await c.login(a.admin.email!);
    expect((await c.post('/api/1/session/set_persistent_data', { key: 'members_page_size', val: 50 })).status).toBe(200);
    expect((await c.post('/api/1/session/set_persistent_data', { key: 'columns', val: ['email', 'phone'] })).status).toBe(200);
    const r = await c.get('/api/1/session/get');
    expect(r.body.persistent_data).toEqual({ members_page_size: 50, columns: ['email', 'phone'] });
    const bad = await c.post('/api/1/session/set_persistent_data', { key: 'ei sallittu!', val: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.key).toEqual(['_validation_invalid_choice']);
  });

  it('writes login and logout to the activity log', async () => {
    const c = client();
    await c.login(a.admin.email!);
    await c.post('/api/1/session/logout');
    const rows = await t.deps.db
      .selectFrom('activity_log')
      .select(['event', 'author_id'])
      .where('tenant_id', '=', a.tenant.id)
      .where('event', 'in', ['login', 'logout'])
      .where('author_id', '=', a.admin.id)
      .execute();
    expect(new Set(rows.map((r) => r.event))).toEqual(new Set(['login', 'logout']));
  });
});

describe(`secure cookies (${testDialect})`, () => {
  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const t = await testApp({ config: { publicUrl: 'https://seura.example.fi', secureCookies: true } });
    try {
      const a = await makeTenant(t.deps);
      const c = new Client(t.app, a.tenant.hostname!);
      const r = await c.login(a.admin.email!);
      expect(r.cookies.find((k) => k.name === 'seura_session')?.secure).toBe(true);
      expect(r.headers['strict-transport-security']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
