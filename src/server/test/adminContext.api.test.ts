import { describe, expect, it } from 'vitest';
import { adminContext } from './adminContext';
import { testDialect } from './harness';

describe(`adminContext (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext({ at: '2026-02-01T08:00:00.000Z' });

  it('answers the app, the association and its admin, signed in, once the suite has started', async () => {
    expect(t.clock.now().toISOString()).toBe('2026-02-01T08:00:00.000Z');
    expect(a.tenant.id).toBeGreaterThan(0);
    // A method called through the stand-in keeps its own `this` (the client's cookie jar).
    const me = await admin.get('/api/1/session/get');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(a.admin.email);
    const row = await t.deps.db.selectFrom('tenants').select('created_at').where('id', '=', a.tenant.id).executeTakeFirstOrThrow();
    expect(row.created_at).toBe('2026-02-01T08:00:00.000Z');
  });
});

describe('adminContext before its set-up', () => {
  const { admin } = adminContext();
  const early = (() => {
    try {
      return String(admin.host);
    } catch (e) {
      return (e as Error).message;
    }
  })();

  it('says so when a stand-in is used while the suite is being collected', () => {
    expect(early).toMatch(/used before its beforeAll ran/);
  });
});
