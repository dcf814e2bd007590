import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, makeTenant, testApp, testDialect, type TestApp } from '../test/harness';
import { httpsWarning } from '../httpsWarning';
import { createTenant } from '../modules/tenants/service';
import { LOGIN_MAX_FAILURES_PER_IP } from '../../shared/constants';

// Trusting the network: forwarded headers only from TRUST_PROXY, no association
// for unknown hosts when there are several, Secure cookies behind an https proxy.

describe(`trusting the network (${testDialect})`, () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  const loginAs = (c: Client, email: string, forwardedFor?: string, password = 'väärä-salasana') =>
    c.request('POST', '/api/1/session/login', { email, password }, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});

  describe('X-Forwarded-For', () => {
    it('is ignored without TRUST_PROXY: rotating it does not escape the per-address limit, and the log keeps the socket address', async () => {
      t = await testApp();
      const a = await makeTenant(t.deps);
      const c = new Client(t.app, a.tenant.hostname!, { ip: '192.0.2.7' });
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP + 5; i++) {
        // A different unknown account each time, so only the address limit can apply.
        statuses.push((await loginAs(c, `ei-ole-${i}@example.fi`, `203.0.113.${i + 1}`)).status);
      }
      expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_MAX_FAILURES_PER_IP);
      expect(statuses.slice(LOGIN_MAX_FAILURES_PER_IP)).toEqual([429, 429, 429, 429, 429]);

      const other = new Client(t.app, a.tenant.hostname!, { ip: '192.0.2.8' });
      expect((await loginAs(other, a.admin.email!, '198.51.100.1')).status).toBe(400);
      const rows = await t.deps.db.selectFrom('activity_log').select('data').where('tenant_id', '=', a.tenant.id).where('event', '=', 'login_failed').execute();
      const ips = rows.map((r) => (JSON.parse(r.data) as { field: string; new: string }[]).find((d) => d.field === 'ip')?.new);
      expect(ips).toEqual(['192.0.2.8']);
    });

    it('is believed from a proxy named in TRUST_PROXY (and only from it)', async () => {
      t = await testApp({ config: { trustProxy: ['10.20.0.0/16'] } });
      const a = await makeTenant(t.deps);
      const proxy = new Client(t.app, a.tenant.hostname!, { ip: '10.20.0.5' });
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP + 5; i++) {
        expect((await loginAs(proxy, `ei-ole-${i}@example.fi`, `203.0.113.${i + 1}`)).status).toBe(400);
      }
      expect((await loginAs(proxy, a.admin.email!, '198.51.100.9')).status).toBe(400);
      const direct = new Client(t.app, a.tenant.hostname!, { ip: '192.0.2.9' });
      expect((await loginAs(direct, a.admin.email!, '198.51.100.10')).status).toBe(400);
      const rows = await t.deps.db.selectFrom('activity_log').select('data').where('tenant_id', '=', a.tenant.id).where('event', '=', 'login_failed').orderBy('id').execute();
      const ips = rows.map((r) => (JSON.parse(r.data) as { field: string; new: string }[]).find((d) => d.field === 'ip')?.new);
      expect(ips).toEqual(['198.51.100.9', '192.0.2.9']);
    });
  });

  describe('unknown Host', () => {
    it('gets a plain 404 when there are several associations', async () => {
      t = await testApp();
      await makeTenant(t.deps, 'Ensimmäinen ry');
      await makeTenant(t.deps, 'Toinen ry');
      for (const url of ['/api/1/health', '/@login', '/']) {
        const r = await new Client(t.app, 'evil.example').get(url);
        expect(r.status).toBe(404);
        expect(r.headers['content-type']).toMatch(/^text\/plain/);
      }
      expect((await new Client(t.app, 'evil.example').request('POST', '/api/1/session/login', { email: 'x@y.fi', password: 'z' }, { 'x-csrftoken': 'x' })).status).toBe(404);
    });

    it('gets the association SEURA_DEFAULT_HOST names', async () => {
      t = await testApp({ config: { defaultHost: 'placeholder' } });
      await makeTenant(t.deps, 'Ensimmäinen ry');
      const b = await makeTenant(t.deps, 'Toinen ry');
      t.deps.config.defaultHost = b.tenant.hostname;
      const c = new Client(t.app, 'jasenet.example.fi');
      const r = await c.login(b.admin.email!, ADMIN_PASSWORD);
      expect(r.body.customer_name).toBe('Toinen ry');
    });

    it('gets the first-start association (no hostname of its own) when SEURA_DEFAULT_HOST is a name no association carries', async () => {
      t = await testApp({ config: { defaultHost: 'localhost' } });
      const demo = await createTenant(t.deps, { name: 'Demoyhdistys ry', hostname: null, isDefault: true, adminEmail: 'demo@example.fi', adminPassword: ADMIN_PASSWORD });
      const other = await makeTenant(t.deps, 'Toinen ry');
      expect((await new Client(t.app, 'localhost:3000').login(demo.admin.email!)).body.customer_name).toBe('Demoyhdistys ry');
      expect((await new Client(t.app, other.tenant.hostname!).login(other.admin.email!)).body.customer_name).toBe('Toinen ry');
    });

    it('gets the only association when there is just one (the local start works under any name)', async () => {
      t = await testApp();
      const a = await makeTenant(t.deps, 'Ainoa ry');
      const r = await new Client(t.app, '192.168.1.20:3000').login(a.admin.email!, ADMIN_PASSWORD);
      expect(r.body.customer_name).toBe('Ainoa ry');
    });
  });

  describe('https', () => {
    const cookieOf = (cookies: { name: string; secure?: unknown }[], name: string) => cookies.find((k) => k.name === name);

    it('cookies are Secure when a trusted proxy says https, not when anyone else does', async () => {
      t = await testApp({ config: { trustProxy: ['127.0.0.1'] } });
      const a = await makeTenant(t.deps);
      const viaProxy = new Client(t.app, a.tenant.hostname!, { ip: '127.0.0.1' });
      const first = await viaProxy.request('GET', '/api/1/health', undefined, { 'x-forwarded-proto': 'https' });
      expect(cookieOf(first.cookies, 'csrftoken')?.secure).toBe(true);
      const login = await viaProxy.request('POST', '/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD }, { 'x-forwarded-proto': 'https' });
      expect(login.status).toBe(200);
      expect(cookieOf(login.cookies, 'seura_session')?.secure).toBe(true);

      const forged = new Client(t.app, a.tenant.hostname!, { ip: '192.0.2.50' });
      const r = await forged.request('GET', '/api/1/health', undefined, { 'x-forwarded-proto': 'https' });
      expect(cookieOf(r.cookies, 'csrftoken')?.secure).toBeFalsy();
    });

    it('start-up warns loudly in production without https', () => {
      const base = { publicUrl: null, secureCookies: false, trustProxy: [] };
      expect(httpsWarning(base, { NODE_ENV: 'production' })).toMatch(/VAROITUS.*\n.*PUBLIC_URL/);
      expect(httpsWarning({ ...base, publicUrl: 'http://jasenet.example.fi' }, { NODE_ENV: 'production' })).toContain('http://jasenet.example.fi');
      expect(httpsWarning({ ...base, publicUrl: 'https://jasenet.example.fi', secureCookies: true }, { NODE_ENV: 'production' })).toBeNull();
      expect(httpsWarning(base, { NODE_ENV: 'development' })).toBeNull();
    });
  });
});
