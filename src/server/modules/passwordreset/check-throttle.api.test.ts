import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import { LOGIN_WINDOW_MS, PASSWORD_RESET_MAX_WRONG_PER_IP, PASSWORD_RESET_TTL_MS } from '../../../shared/constants';
import * as repo from './repo';
import { tokenHash } from './service';

// Wrong reset-link tokens are throttled per IP, counted before the check: links cannot be
// guessed at speed, through reset_check or reset_password.

describe(`reset link guessing throttle (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let ip = 0;
  const client = () => new Client(t.app, a.tenant.hostname!, { ip: `10.7.0.${++ip}` });
  const wrongToken = () => crypto.randomBytes(32).toString('base64url');
  const NEW_PASSWORD = 'Uusi-Salasana-2026';

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Linkkiseura ry');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(new Date()));

  /** A live link of the association's admin, straight into the table (the mail is tested elsewhere). */
  async function liveToken(): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = t.clock.now();
    await repo.insert(t.deps.db, a.tenant.id, { id: tokenHash(token), member_id: a.admin.id, created_at: now.toISOString(), expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString() });
    return token;
  }

  it('answers 429 to an address past the limit of wrong tokens, on check and on reset, until the window has passed', async () => {
    const c = client();
    for (let i = 0; i < PASSWORD_RESET_MAX_WRONG_PER_IP; i += 1) {
      const r = await c.post('/api/1/session/reset_check', { token: wrongToken() });
      expect(r.status).toBe(400);
      expect(r.body.errors.general).toEqual(['password_reset_invalid']);
    }
    const locked = await c.post('/api/1/session/reset_check', { token: wrongToken() });
    expect(locked.status).toBe(429);
    expect(locked.body.errors.general).toEqual(['password_reset_check_rate_limited']);
    const token = await liveToken();
    expect((await c.post('/api/1/session/reset_check', { token })).status).toBe(429);
    expect((await c.post('/api/1/session/reset_password', { token, newPassword_: NEW_PASSWORD, confirmNewPassword_: NEW_PASSWORD })).status).toBe(429);
    // Another address is not affected.
    expect((await client().post('/api/1/session/reset_check', { token })).status).toBe(200);
    t.clock.advance(LOGIN_WINDOW_MS + 1000);
    expect((await c.post('/api/1/session/reset_check', { token })).status).toBe(200);
  });

  it('lets parallel guesses through to the check no more often than the limit', async () => {
    const c = client();
    const k = PASSWORD_RESET_MAX_WRONG_PER_IP + 10;
    const replies = await Promise.all(Array.from({ length: k }, () => c.post('/api/1/session/reset_check', { token: wrongToken() })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PASSWORD_RESET_MAX_WRONG_PER_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('does not count a live link against the address', async () => {
    const c = client();
    const token = await liveToken();
    for (let i = 0; i < PASSWORD_RESET_MAX_WRONG_PER_IP - 1; i += 1) expect((await c.post('/api/1/session/reset_check', { token: wrongToken() })).status).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await c.post('/api/1/session/reset_check', { token })).status).toBe(200);
    expect((await c.post('/api/1/session/reset_password', { token, newPassword_: NEW_PASSWORD, confirmNewPassword_: NEW_PASSWORD })).status).toBe(200);
    expect((await c.post('/api/1/session/reset_check', { token: wrongToken() })).status).toBe(400);
    expect((await c.post('/api/1/session/reset_check', { token: wrongToken() })).status).toBe(429);
  });
});
