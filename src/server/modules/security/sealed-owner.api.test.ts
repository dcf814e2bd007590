import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { legacySeal } from '../../test/legacySeal';
import type { CreatedTenant } from '../tenants/service';
import { codeAt } from './totp';
import { makeMember } from '../../test/factories';

// Sealed TOTP secrets bind their association and admin as associated data, and
// secrets sealed by the previous version (no associated data) keep working and are sealed
// again, bound, at their next good code.
describe(`sealed 2FA secrets name their owner (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let n = 0;

  beforeAll(async () => {
    t = await testApp();
    t.clock.set('2026-11-23T08:00:00Z');
    a = await makeTenant(t.deps);
  });
  afterAll(() => t.close());

  const client = () => new Client(t.app, a.tenant.hostname!, { ip: `10.7.0.${String(++n)}` });
  const code = (secret: string) => codeAt(secret, t.clock.now().getTime());
  const sealedOf = async (memberId: number) =>
    (await t.deps.db.selectFrom('member_security').select('secret_enc').where('tenant_id', '=', a.tenant.id).where('member_id', '=', memberId).executeTakeFirstOrThrow()).secret_enc!;
  const setSealed = (memberId: number, sealed: string) =>
    t.deps.db.updateTable('member_security').set({ secret_enc: sealed }).where('tenant_id', '=', a.tenant.id).where('member_id', '=', memberId).execute();

  async function newAdmin(): Promise<{ id: number; email: string }> {
    const email = `owner${String(++n)}@${a.tenant.hostname!}`;
    const m = await makeMember(t.deps, a, { firstname: 'Pää', lastname: 'Käyttäjä', email, password: ADMIN_PASSWORD, site_admin: 1 });
    return { id: m.id, email };
  }

  /** Logs in and enrols an authenticator; returns the secret. */
  async function enrolled(email: string): Promise<string> {
    const c = client();
    expect((await c.post('/api/1/session/login', { email, password: ADMIN_PASSWORD })).body.user?.email).toBe(email);
    const setup = await c.post('/api/1/session/mfa_setup');
    expect((await c.post('/api/1/session/mfa_confirm', { code: code(setup.body.secret as string) })).body).toEqual({ ok: true });
    t.clock.advance(30_000);
    return setup.body.secret as string;
  }

  async function loginWithCode(email: string, secret: string) {
    const c = client();
    const first = await c.post('/api/1/session/login', { email, password: ADMIN_PASSWORD });
    expect(first.body.mfa_required).toBe('code');
    return c.post('/api/1/session/mfa_verify', { challenge: first.body.challenge, code: code(secret) });
  }

  it('seals new secrets in the bound format', async () => {
    const admin = await newAdmin();
    await enrolled(admin.email);
    expect((await sealedOf(admin.id)).startsWith('v2.')).toBe(true);
  });

  it("does not open one admin's sealed secret on another admin's row", async () => {
    const first = await newAdmin();
    const second = await newAdmin();
    const firstSecret = await enrolled(first.email);
    await enrolled(second.email);
    // An attacker with write access to the table copies the first admin's sealed secret.
    await setSealed(second.id, await sealedOf(first.id));
    const r = await loginWithCode(second.email, firstSecret);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ code: ['mfa_code_invalid'] });
  });

  it('accepts a secret sealed by the previous version and seals it again, bound', async () => {
    const admin = await newAdmin();
    const secret = await enrolled(admin.email);
    const old = legacySeal(t.deps.config.sessionSecret, 'mfa-totp', secret);
    await setSealed(admin.id, old);
    const r = await loginWithCode(admin.email, secret);
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(admin.id);
    const now = await sealedOf(admin.id);
    expect(now.startsWith('v2.')).toBe(true);
    t.clock.advance(30_000);
    expect((await loginWithCode(admin.email, secret)).status).toBe(200);
  });
});
