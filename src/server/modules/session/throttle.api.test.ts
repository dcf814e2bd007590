import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import { makeMember } from '../../test/factories';
import { codeAt } from '../security/totp';

// Every attempt is counted before the password or code is evaluated, so a burst
// of parallel guesses gets no more evaluations than the limit allows; a flooded admin
// account still opens with the right password plus the second factor.

describe(`login throttle under concurrency (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let ip = 0;
  let n = 0;
  const client = () => new Client(t.app, a.tenant.hostname!, { ip: `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort().join(',');
  const times = (k: number, status: number) => Array<number>(k).fill(status).join(',');

  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(new Date());
    a = await makeTenant(t.deps);
  });

  async function addAdmin(): Promise<{ id: number; email: string }> {
    n += 1;
    const email = `throttle${n}@${a.tenant.hostname}`;
    const m = await makeMember(t.deps, a, { firstname: 'Lukko', lastname: 'Testi', email, site_admin: 1, password: ADMIN_PASSWORD });
    return { id: m.id, email };
  }

  /** Enrols the admin's authenticator from a session of their own; returns the secret. */
  async function enrol(email: string): Promise<string> {
    const c = client();
    await c.login(email);
    const setup = await c.post('/api/1/session/mfa_setup');
    expect((await c.post('/api/1/session/mfa_confirm', { code: codeAt(setup.body.secret, t.clock.now().getTime()) })).status).toBe(200);
    t.clock.advance(30_000); // the next code is a new one
    return setup.body.secret as string;
  }

  const failuresLogged = async (memberId: number, event: string) =>
    (await t.deps.db.selectFrom('activity_log').select('id').where('tenant_id', '=', a.tenant.id).where('author_id', '=', memberId).where('event', '=', event).execute()).length;

  it('40 parallel wrong passwords for one account: 5 evaluations and 35 × 429', async () => {
    const rs = await Promise.all(Array.from({ length: 40 }, () => client().post('/api/1/session/login', { email: a.admin.email, password: 'väärä-salasana' })));
    expect(statuses(rs)).toBe(`${times(5, 400)},${times(35, 429)}`);
    expect(await failuresLogged(a.admin.id, 'login_failed')).toBe(5);
    // The lock holds for the right password too (an admin without a second factor).
    expect((await client().post('/api/1/session/login', { email: a.admin.email, password: ADMIN_PASSWORD })).status).toBe(429);
  });

  it('40 parallel guesses from one address: 20 evaluations, the rest 429', async () => {
    const one = client();
    await one.get('/api/1/health');
    const accounts = Array.from({ length: 40 }, (_, i) => `ei-ole-${i}@example.fi`);
    const rs = await Promise.all(accounts.map((email) => one.post('/api/1/session/login', { email, password: 'väärä' })));
    expect(statuses(rs)).toBe(`${times(20, 400)},${times(20, 429)}`);
  });

  it('a flooded admin with an authenticator still signs in with password and code, which lifts the lock', async () => {
    const admin = await addAdmin();
    const secret = await enrol(admin.email);
    await Promise.all(Array.from({ length: 12 }, () => client().post('/api/1/session/login', { email: admin.email, password: 'väärä' })));
    // Locked: a wrong password gets 429 like before, a right one the code step.
    expect((await client().post('/api/1/session/login', { email: admin.email, password: 'väärä' })).status).toBe(429);
    const c = client();
    const login = await c.post('/api/1/session/login', { email: admin.email, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.mfa_required).toBe('code');
    const ok = await c.post('/api/1/session/mfa_verify', { challenge: login.body.challenge, code: codeAt(secret, t.clock.now().getTime()) });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(admin.email);
    // Success cleared the account's counter: a wrong password is an ordinary failure again.
    expect((await client().post('/api/1/session/login', { email: admin.email, password: 'väärä' })).status).toBe(400);
  });

  it('40 parallel wrong authenticator codes: 5 evaluations and 35 × 429', async () => {
    const admin = await addAdmin();
    const secret = await enrol(admin.email);
    const c = client();
    const login = await c.post('/api/1/session/login', { email: admin.email, password: ADMIN_PASSWORD });
    expect(login.body.mfa_required).toBe('code');
    const right = codeAt(secret, t.clock.now().getTime());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const rs = await Promise.all(Array.from({ length: 40 }, () => c.post('/api/1/session/mfa_verify', { challenge: login.body.challenge, code: wrong })));
    expect(statuses(rs)).toBe(`${times(5, 400)},${times(35, 429)}`);
    expect(await failuresLogged(admin.id, 'mfa_failed')).toBe(5);
  });

  it('40 parallel wrong reset codes: 5 evaluations and 35 × 429', async () => {
    const admin = await addAdmin();
    await enrol(admin.email);
    await t.deps.db
      .updateTable('member_security')
      .set({ mfa_state: 'resetting', reset_code_hash: 'x'.repeat(64), reset_expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString() })
      .where('tenant_id', '=', a.tenant.id)
      .where('member_id', '=', admin.id)
      .execute();
    const c = client();
    const login = await c.post('/api/1/session/login', { email: admin.email, password: ADMIN_PASSWORD });
    expect(login.body.mfa_required).toBe('reset_code');
    const rs = await Promise.all(Array.from({ length: 40 }, () => c.post('/api/1/session/mfa_reset', { challenge: login.body.challenge, reset_code: 'AAAAA-BBBBB' })));
    expect(statuses(rs)).toBe(`${times(5, 400)},${times(35, 429)}`);
    expect(await failuresLogged(admin.id, 'mfa_failed')).toBe(5);
  });
});
