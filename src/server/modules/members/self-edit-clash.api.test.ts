import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, Client, memberClient, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeField } from '../../test/factories';
import type { OutgoingMail } from '../mail/mailer';
import type { CreatedTenant } from '../tenants/service';
import * as members from './repo';

// Self-edit must not reveal that another member owns an email or phone, and the
// public application ignores password fields whatever the request carries.
describe(`self-edit clashes and applications' passwords (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  const sent: OutgoingMail[] = [];

  beforeAll(async () => {
    t = await testApp({ mailer: { send: (m) => (sent.push(m), Promise.resolve({ messageId: 'x' })), close: () => {} } });
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    const other = await admin.post('/api/1/members/new', { firstname: 'Olli', lastname: 'Omistaja', email: 'olli@alfa.fi', phone: '040 111 2222' });
    expect(other.status).toBe(200);
    await makeField(admin, { name: 'tunnus', label: 'Tunnus', type: 'password', visibility: 2 });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sent.length = 0;
  });

  const logEvents = async (event: string) =>
    t.deps.db.selectFrom('activity_log').select(['context', 'data', 'author_id']).where('tenant_id', '=', a.tenant.id).where('event', '=', event).execute();

  it("saves the rest of the change, keeps the old email and phone, and answers without naming the clash", async () => {
    const me = await memberClient(t, a);
    const before = (await me.post('/api/1/updreqs/edit_me_s')).body.member as Record<string, unknown>;
    const r = await me.post('/api/1/updreqs/update_me_s', { member: { email: 'OLLI@alfa.fi', phone: '0401112222', address_city: 'Tampere' } });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toMatch(/not_unique|olli|Omistaja/i);
    expect(r.body.held_).toEqual(['email', 'phone']);
    expect(r.body.member).toMatchObject({ email: before.email, address_city: 'Tampere' });
    expect(r.body.member.phone ?? null).toBe(before.phone ?? null);
    const stored = (await members.findById(t.deps.db, a.tenant.id, before.id as number))!;
    expect(stored).toMatchObject({ email: before.email, address_city: 'Tampere' });

    const logged = (await logEvents('member_change_held')).filter((e) => e.context === `member:${String(before.id)}`);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.data)).toEqual([
      { field: 'email', old: before.email, new: 'olli@alfa.fi' },
      { field: 'phone', old: null, new: '+358401112222' },
    ]);
    expect(sent.map((m) => m.to)).toEqual([a.admin.email]);
    expect(sent[0]!.subject).toContain('odottaa tarkistusta');
    expect(sent[0]!.text).toContain('olli@alfa.fi');
  });

  it('answers a free address as before: saved, nothing held, nobody mailed', async () => {
    const me = await memberClient(t, a);
    const r = await me.post('/api/1/updreqs/update_me_s', { member: { email: 'uusi.osoite@alfa.fi' } });
    expect(r.status).toBe(200);
    expect(r.body.held_).toBeUndefined();
    expect(r.body.member.email).toBe('uusi.osoite@alfa.fi');
    expect(sent).toHaveLength(0);
  });

  it('still tells an admin editing a member that the email is taken', async () => {
    const m = (await admin.post('/api/1/members/new', { firstname: 'Toinen', lastname: 'Jäsen', email: 'toinen@alfa.fi' })).body as { id: number };
    const r = await admin.post(`/api/1/members/${String(m.id)}`, { email: 'olli@alfa.fi' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ email: ['members_email_not_unique'] });
  });

  it('ignores password fields and password keys sent to the public application API', async () => {
    const visitor = new Client(t.app, a.tenant.hostname!, { ip: '10.99.0.1', csrf: false });
    const r = await visitor.post('/api/1/members/apply', {
      firstname: 'Hilkka',
      lastname: 'Hakija',
      email: 'hilkka@x.fi',
      tunnus: 'Salainen-Tunnus-99',
      password: 'Salainen-Tunnus-99',
      password_hash: 'x',
      newPassword_: 'Salainen-Tunnus-99',
      confirmNewPassword_: 'Salainen-Tunnus-99',
      hp_website: '',
      form_started_at: t.clock.now().getTime() - 60_000,
    });
    expect(r.status).toBe(200);
    const row = await t.deps.db.selectFrom('members').selectAll().where('tenant_id', '=', a.tenant.id).where('email', '=', 'hilkka@x.fi').executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const values = await t.deps.db.selectFrom('member_values').select('value_text').where('tenant_id', '=', a.tenant.id).where('member_id', '=', row.id).execute();
    expect(values).toEqual([]);
  });
});
