import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../test/harness';
import type { CreatedTenant } from '../modules/tenants/service';
import { isValidCsrfToken, newCsrfToken } from './csrf';

describe(`CSRF (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps);
  });
  afterAll(() => t.close());

  it('sets a readable csrftoken cookie on the first request', async () => {
    const c = new Client(t.app, a.tenant.hostname!);
    const r = await c.get('/api/1/health');
    const cookie = r.cookies.find((k) => k.name === 'csrftoken');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(isValidCsrfToken(t.deps.config.sessionSecret, cookie!.value)).toBe(true);
  });

  it('refuses a POST without X-CSRFToken with 403, even to public routes', async () => {
    const c = new Client(t.app, a.tenant.hostname!, { csrf: false });
    await c.get('/api/1/health');
    const r = await c.post('/api/1/session/login', { email: a.admin.email, password: 'x' });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'forbidden' });
  });

  it('refuses a logged-in mutation whose header does not match the cookie', async () => {
    const c = new Client(t.app, a.tenant.hostname!);
    await c.login(a.admin.email!);
    const other = newCsrfToken(t.deps.config.sessionSecret);
    const r = await c.request('POST', '/api/1/session/set_persistent_data', { key: 'k', val: 1 }, { 'x-csrftoken': other });
    expect(r.status).toBe(403);
    const ok = await c.post('/api/1/session/set_persistent_data', { key: 'k', val: 1 });
    expect(ok.status).toBe(200);
  });

  it('refuses a token not signed by this server, even when cookie and header agree', async () => {
    const c = new Client(t.app, a.tenant.hostname!);
    const forged = newCsrfToken('some-other-secret');
    c.jar.set('csrftoken', forged);
    const r = await c.post('/api/1/session/login', { email: a.admin.email, password: 'x' });
    expect(r.status).toBe(403);
  });

  it('also guards DELETE', async () => {
    const c = new Client(t.app, a.tenant.hostname!, { csrf: false });
    await c.get('/api/1/health');
    expect((await c.delete('/api/1/session/get')).status).toBe(403);
  });
});
