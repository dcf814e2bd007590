import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, adminClient, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import * as settings from '../settings/repo';
import type { CreatedTenant } from '../tenants/service';
import type { Member } from '../../db/schema';

// The member's own form by session for their dependants (edit_for): with guardian emails on,
// a member may edit the members whose guardian email is their own email; the save is the
// dependant's, written as PersonUpdateme by the guardian. And the federation's fields.

describe(`own form for dependants and federation fields (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let guardian: Member;
  let child: Member;
  let stranger: Member;
  let c: Client;
  let n = 0;

  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    n += 1;
    a = await makeTenant(t.deps, `Junioriseura ${String(n)} ry`);
    await settings.set(t.deps.db, a.tenant.id, 'porg_enabled', true);
    guardian = await makeMember(t.deps, a, { firstname: 'Ville', lastname: 'Vanhempi', email: `ville${String(n)}@example.fi`, password: ADMIN_PASSWORD });
    child = await makeMember(t.deps, a, { firstname: 'Aino', lastname: 'Lapsi', email: null, email_porg1: `ville${String(n)}@example.fi`, address_city: 'Oulu' });
    stranger = await makeMember(t.deps, a, { firstname: 'Outo', lastname: 'Muu', email_porg2: `joku${String(n)}@example.fi` });
    c = new Client(t.app, a.tenant.hostname!);
    await c.login(guardian.email!);
  });

  it('lists the dependants and opens a dependant\'s form with edit_for', async () => {
    const own = await c.post('/api/1/updreqs/edit_me_s');
    expect(own.body.member.id).toBe(guardian.id);
    expect(own.body.dependants_).toEqual([{ id: child.id, fullname_: 'Aino Lapsi' }]);
    const theirs = await c.post('/api/1/updreqs/edit_me_s', { edit_for: child.id });
    expect(theirs.status).toBe(200);
    expect(theirs.body.member).toMatchObject({ id: child.id, address_city: 'Oulu' });
  });

  it('answers 404 for edit_for of anyone else, and without guardian emails', async () => {
    expect((await c.post('/api/1/updreqs/edit_me_s', { edit_for: stranger.id })).status).toBe(404);
    expect((await c.post('/api/1/updreqs/update_me_s', { edit_for: stranger.id, member: { address_city: 'Kemi' } })).status).toBe(404);
    const other = await makeTenant(t.deps, 'Toinen ry');
    const foreign = await makeMember(t.deps, other, { email_porg1: guardian.email });
    expect((await c.post('/api/1/updreqs/edit_me_s', { edit_for: foreign.id })).body).toEqual({ error: 'not_found' });
    await settings.set(t.deps.db, a.tenant.id, 'porg_enabled', false);
    expect((await c.post('/api/1/updreqs/edit_me_s')).body.dependants_).toEqual([]);
    expect((await c.post('/api/1/updreqs/edit_me_s', { edit_for: child.id })).status).toBe(404);
  });

  it("saves the dependant's data as PersonUpdateme by the guardian", async () => {
    const r = await c.post('/api/1/updreqs/update_me_s', { edit_for: child.id, member: { address_city: 'Kemi' } });
    expect(r.status).toBe(200);
    expect(r.body.member).toMatchObject({ id: child.id, address_city: 'Kemi' });
    const admin = await adminClient(t, a);
    const hist = (await admin.post('/api/1/members/get_history', { id: child.id })).body;
    expect(hist).toEqual([expect.objectContaining({ context: 'PersonUpdateme', author: 'Ville Vanhempi' })]);
    expect((await t.deps.db.selectFrom('members').select('address_city').where('id', '=', guardian.id).executeTakeFirstOrThrow()).address_city).toBeNull();
  });

  it('keeps the porg email rule for the dependant: one of the three emails is needed', async () => {
    const r = await c.post('/api/1/updreqs/update_me_s', { edit_for: child.id, member: { email_porg1: '' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ email: ['members_fill_at_least_one_email'] });
  });

  it("never changes a dependant's password", async () => {
    const r = await c.post('/api/1/updreqs/update_me_s', {
      edit_for: child.id,
      member: { newPassword_: 'Lapsen-Salasana-2026', confirmNewPassword_: 'Lapsen-Salasana-2026', currentPassword_: ADMIN_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect((await t.deps.db.selectFrom('members').select('password_hash').where('id', '=', child.id).executeTakeFirstOrThrow()).password_hash).toBeNull();
  });

  it('locks the federation-owned names on the session form', async () => {
    await t.deps.db.updateTable('members').set({ federation_ref: 'SL-77' }).where('id', '=', guardian.id).execute();
    expect((await c.post('/api/1/updreqs/edit_me_s')).body.locked_).toEqual(['firstname', 'lastname']);
    const r = await c.post('/api/1/updreqs/update_me_s', { member: { lastname: 'Uusinimi' } });
    expect(r.body.errors).toEqual({ lastname: ['members_field_owned_by_federation'] });
    // The admin still can.
    const admin = await adminClient(t, a);
    const full = (await admin.get(`/api/1/members/${String(guardian.id)}`)).body;
    expect((await admin.post(`/api/1/members/${String(guardian.id)}`, { ...full, lastname: 'Uusinimi' })).status).toBe(200);
    expect((await c.post('/api/1/updreqs/edit_me_s')).body.member.lastname).toBe('Uusinimi');
    // A member without a federation id has nothing locked.
    await t.deps.db.updateTable('members').set({ federation_ref: null }).where('id', '=', guardian.id).execute();
    expect((await c.post('/api/1/updreqs/edit_me_s')).body.locked_).toBeUndefined();
  });
});
