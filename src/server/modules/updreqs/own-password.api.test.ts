import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS } from '../../../shared/constants';

// Wrong current passwords on a member's own password change (update_me_s) count like failed
// logins of the account, before the check: a stolen session cannot try passwords without limit.

describe(`own password change throttle (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  const NEW_PASSWORD = 'Uusi-Pitka-Salasana-88';
  const change = (currentPassword_: string) => ({ member: { newPassword_: NEW_PASSWORD, confirmNewPassword_: NEW_PASSWORD, currentPassword_ } });

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Salasanaseura ry');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(new Date()));

  it('answers 429 after the limit of wrong guesses, even to the right password, until the window has passed', async () => {
    const c = await memberClient(t, a);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) {
      const wrong = await c.post('/api/1/updreqs/update_me_s', change(`väärä-${i}`));
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.currentPassword_).toEqual(['members_current_password_wrong']);
    }
    const locked = await c.post('/api/1/updreqs/update_me_s', change('väärä-vielä'));
    expect(locked.status).toBe(429);
    expect(locked.body.errors.general).toEqual(['members_current_password_rate_limited']);
    expect((await c.post('/api/1/updreqs/update_me_s', change(ADMIN_PASSWORD))).status).toBe(429);
    t.clock.advance(LOGIN_WINDOW_MS + 1000);
    expect((await c.post('/api/1/updreqs/update_me_s', change(ADMIN_PASSWORD))).status).toBe(200);
  });

  it('lets parallel guesses through to the check no more often than the limit', async () => {
    const c = await memberClient(t, a);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => c.post('/api/1/updreqs/update_me_s', change(`rinnakkain-${i}`))));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOGIN_MAX_FAILURES_PER_ACCOUNT);
  });

  it('a right password gives its attempt back and clears the count of earlier wrong ones', async () => {
    const c = await memberClient(t, a);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i += 1) expect((await c.post('/api/1/updreqs/update_me_s', change(`väärä-${i}`))).status).toBe(400);
    const other = 'Toinen-Pitka-Salasana-99';
    expect((await c.post('/api/1/updreqs/update_me_s', change(ADMIN_PASSWORD))).status).toBe(200);
    // The member's password is now NEW_PASSWORD; a fresh set of wrong guesses is allowed again.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) expect((await c.post('/api/1/updreqs/update_me_s', change(`taas-väärä-${i}`))).status).toBe(400);
    const again = await c.post('/api/1/updreqs/update_me_s', { member: { newPassword_: other, confirmNewPassword_: other, currentPassword_: NEW_PASSWORD } });
    expect(again.status).toBe(429);
  });
});
