import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, ADMIN_PASSWORD, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import * as members from '../members/repo';
import * as settings from '../settings/repo';
import { makeMember } from '../../test/factories';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../../../shared/constants';

// Sessions and accounts: removed, inactive, re-passworded and promoted members
// keep no live session, and no session lives forever.
describe(`session hardening (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let ip = 0;
  const client = () => new Client(t.app, a.tenant.hostname!, { ip: `10.1.0.${++ip}` });
  const NEW_PASSWORD = 'Uusi-Pitka-Salasana-77';

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Kuoro Laulu ry');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(new Date()));

  const addMember = (opts: { siteAdmin?: boolean } = {}) => makeMember(t.deps, a, { site_admin: opts.siteAdmin ? 1 : 0, password: ADMIN_PASSWORD });
  const signIn = async (email: string, password = ADMIN_PASSWORD) => {
    const c = client();
    const r = await c.post('/api/1/session/login', { email, password });
    expect(r.status).toBe(200);
    return c;
  };
  const alive = async (c: Client) => (await c.get('/api/1/session/get')).status === 200;
  const sessionCount = async (memberId: number) =>
    (await t.deps.db.selectFrom('sessions').select('id').where('tenant_id', '=', a.tenant.id).where('member_id', '=', memberId).execute()).length;

  describe('removed and inactive members', () => {
    it('refuses a session whose member was soft-deleted behind the service (deleted_at re-checked)', async () => {
      const m = await addMember();
      const c = await signIn(m.email!);
      await members.update(t.deps.db, a.tenant.id, m.id, { deleted_at: new Date().toISOString() });
      expect(await alive(c)).toBe(false);
    });

    it('ends the sessions of a member removed one by one, in the delete', async () => {
      const admin = await signIn(a.admin.email!);
      const m = await addMember();
      const c = await signIn(m.email!);
      expect((await admin.delete(`/api/1/members/${m.id}`)).status).toBe(200);
      expect(await sessionCount(m.id)).toBe(0);
      expect(await alive(c)).toBe(false);
    });

    it('ends the sessions of members removed in bulk, and of permanently deleted ones', async () => {
      const admin = await signIn(a.admin.email!);
      const m = await addMember();
      const c = await signIn(m.email!);
      const filter = [{ field: 'lastname', verb: 'eq', value: m.lastname }];
      expect((await admin.post('/api/1/members/bulkremove', { filter })).status).toBe(200);
      expect(await sessionCount(m.id)).toBe(0);
      expect(await alive(c)).toBe(false);
      // A session row that somehow survived goes with the member.
      const p = await addMember();
      const pc = await signIn(p.email!);
      await members.update(t.deps.db, a.tenant.id, p.id, { deleted_at: new Date().toISOString() });
      await t.deps.db.insertInto('sessions').values({ tenant_id: a.tenant.id, id: `stale-${p.id}`, member_id: p.id, created_at: new Date().toISOString(), last_seen_at: new Date().toISOString(), ip: '127.0.0.1', user_agent: '' }).execute();
      const del = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'lastname', verb: 'eq', value: p.lastname }] });
      expect(del.status).toBe(200);
      expect(await sessionCount(p.id)).toBe(0);
      expect(await alive(pc)).toBe(false);
    });

    it('ends the sessions of members deactivated by bulk edit or in the member form', async () => {
      const admin = await signIn(a.admin.email!);
      const m = await addMember();
      await signIn(m.email!);
      expect((await admin.post('/api/1/members/bulkupdate', { filter: [{ field: 'lastname', verb: 'eq', value: m.lastname }], data: { active: false } })).status).toBe(200);
      expect(await sessionCount(m.id)).toBe(0);
      const f = await addMember();
      await signIn(f.email!);
      expect((await admin.post(`/api/1/members/${f.id}`, { active: false })).status).toBe(200);
      expect(await sessionCount(f.id)).toBe(0);
    });
  });

  describe('password changes', () => {
    it('self-edit needs the current password and ends the other sessions, keeping this one', async () => {
      const m = await addMember();
      const here = await signIn(m.email!);
      const other = await signIn(m.email!);
      const body = { newPassword_: NEW_PASSWORD, confirmNewPassword_: NEW_PASSWORD };
      const missing = await here.post('/api/1/updreqs/update_me_s', { member: body });
      expect(missing.status).toBe(400);
      expect(missing.body.errors.currentPassword_).toEqual(['members_current_password_required']);
      const wrong = await here.post('/api/1/updreqs/update_me_s', { member: { ...body, currentPassword_: 'väärä' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.currentPassword_).toEqual(['members_current_password_wrong']);
      expect(await alive(other)).toBe(true);
      const ok = await here.post('/api/1/updreqs/update_me_s', { member: { ...body, currentPassword_: ADMIN_PASSWORD } });
      expect(ok.status).toBe(200);
      expect(await alive(here)).toBe(true);
      expect(await alive(other)).toBe(false);
      await signIn(m.email!, NEW_PASSWORD);
    });

    it('self-edit without a new password does not ask for the current one', async () => {
      const m = await addMember();
      const c = await signIn(m.email!);
      expect((await c.post('/api/1/updreqs/update_me_s', { member: { address_city: 'Kuopio' } })).status).toBe(200);
    });

    it('an admin setting a password in the member form ends every session of that member', async () => {
      const admin = await signIn(a.admin.email!);
      const m = await addMember();
      const c = await signIn(m.email!);
      expect((await admin.post(`/api/1/members/${m.id}`, { newPassword_: NEW_PASSWORD, confirmNewPassword_: NEW_PASSWORD })).status).toBe(200);
      expect(await alive(c)).toBe(false);
      expect(await alive(admin)).toBe(true);
    });
  });

  describe('lifetime and promotion', () => {
    it('ends a busy session after the absolute lifetime', async () => {
      const m = await addMember();
      const c = await signIn(m.email!);
      // Used every 4 hours, so never idle for 8 h.
      for (let h = 4; h * 3600_000 < SESSION_ABSOLUTE_LIFETIME_MS; h += 4) {
        t.clock.advance(4 * 3600_000);
        expect(await alive(c)).toBe(true);
      }
      // 169 h after the login, 5 h after the last request.
      t.clock.advance(5 * 3600_000);
      expect(await alive(c)).toBe(false);
      expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(7 * 24 * 3600_000);
    });

    it('a member promoted to site admin must sign in again before admin calls work', async () => {
      const admin = await signIn(a.admin.email!);
      const m = await addMember();
      const c = await signIn(m.email!);
      expect((await admin.post(`/api/1/members/${m.id}`, { site_admin: true })).status).toBe(200);
      const r = await c.post('/api/1/settings/get_site_admins', {});
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'A4SessionError' });
      const again = await signIn(m.email!);
      expect((await again.post('/api/1/settings/get_site_admins', {})).status).toBe(200);
    });

    it('a promoted member meets the 2FA policy at the new login', async () => {
      const admin = await signIn(a.admin.email!);
      const m = await addMember();
      const c = await signIn(m.email!);
      expect((await admin.post(`/api/1/members/${m.id}`, { site_admin: true })).status).toBe(200);
      await settings.set(t.deps.db, a.tenant.id, 'mfa_enabled_for', 'admins');
      try {
        expect((await c.post('/api/1/settings/get_site_admins', {})).status).toBe(401);
        const r = await client().post('/api/1/session/login', { email: m.email, password: ADMIN_PASSWORD });
        expect(r.body).toEqual({ mfa_required: 'enroll', challenge: expect.any(String) });
      } finally {
        await settings.set(t.deps.db, a.tenant.id, 'mfa_enabled_for', 'disabled');
      }
    });
  });

  // Last: the site-wide 2FA switch changes how admins log in for the rest of this file.
  describe('admin sessions of removed admins', () => {
    it('lets close_site_admin_sessions and the 2FA switch reach a removed admin', async () => {
      const admin = await signIn(a.admin.email!);
      const r = await addMember({ siteAdmin: true });
      // Rows written while the admin was live, and the admin removed behind the services' back.
      const row = (id: string) => ({ tenant_id: a.tenant.id, id, member_id: r.id, created_at: new Date().toISOString(), last_seen_at: new Date().toISOString(), ip: '127.0.0.1', user_agent: '' });
      await t.deps.db.insertInto('sessions').values(row(`x-${r.id}`)).execute();
      await members.update(t.deps.db, a.tenant.id, r.id, { deleted_at: new Date().toISOString() });
      const closed = await admin.post('/api/1/members/close_site_admin_sessions', { id: r.id });
      expect(closed.status).toBe(200);
      expect(await sessionCount(r.id)).toBe(0);
      await t.deps.db.insertInto('sessions').values(row(`y-${r.id}`)).execute();
      expect((await admin.post('/api/1/settings/save', { scope_: 'security', mfa_enabled_for: 'admins' })).status).toBe(200);
      expect(await sessionCount(r.id)).toBe(0);
    });
  });
});
