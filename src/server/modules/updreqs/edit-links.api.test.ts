import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { insertMessage } from '../../test/factories/sent-message';
import type { CreatedTenant } from '../tenants/service';
import type { Member } from '../../db/schema';
import { EDIT_LINK_USES_MAX_PER_IP } from '../../../shared/constants';
import { deliveryLinkToken, issueLink, newLinkToken } from './links-repo';

// The member's own form by personal link: edit_me_h, update_me_h and confirm_h. Every way a
// link can fail answers the same 'edit_link_invalid'; answering records the link's outcome,
// PersonUpdateme history and the member's up-to-dateness for the link's medium.

const INVALID = { errors: { general: ['edit_link_invalid'] } };

describe(`personal edit links (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let m: Member;
  let n = 0;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(new Date('2026-11-20T10:00:00.000Z'));
    m = await makeMember(t.deps, a, { firstname: 'Liisa', address_city: 'Oulu', phone: '+358401234567' });
  });

  const client = (tenant = a) => new Client(t.app, tenant.tenant.hostname!, { ip: `10.7.${Math.floor(++n / 250)}.${(n % 250) + 1}` });
  async function link(member = m, source: 'ordered' | 'updreq' = 'ordered', extra: { deliveryId?: number; messageId?: number } = {}): Promise<{ token: string; id: number }> {
    const token = newLinkToken();
    const id = await issueLink(t.deps.db, { tenantId: member.tenant_id, memberId: member.id, source, token, at: t.clock.now(), ...extra });
    return { token, id };
  }
  const linkRow = (id: number) => t.deps.db.selectFrom('edit_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const contact = (memberId: number) => t.deps.db.selectFrom('contact_states').select(['medium', 'address', 'outcome']).where('member_id', '=', memberId).orderBy('medium').execute();
  const logOf = (memberId: number) =>
    t.deps.db.selectFrom('activity_log').select(['event', 'author_id']).where('tenant_id', '=', a.tenant.id).where('context', '=', `member:${String(memberId)}`).orderBy('id').execute();

  it('opens the member\'s own form, marks the link opened and says when it stops working', async () => {
    const { token, id } = await link();
    const r = await client().post('/api/1/updreqs/edit_me_h', { hash: token });
    expect(r.status).toBe(200);
    expect(r.body.member).toMatchObject({ id: m.id, firstname: 'Liisa', address_city: 'Oulu' });
    expect(r.body.link_).toEqual({ expires_at: '2026-11-21T10:00:00.000Z', updreq: false, eclaim: false });
    expect(r.body.fields.some((f: { name: string }) => f.name === 'address_city')).toBe(true);
    expect((await linkRow(id)).opened_at).toBe('2026-11-20T10:00:00.000Z');
  });

  it("answers 'edit_link_invalid' alike for unknown, another association's, expired, superseded, removed and pending", async () => {
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: newLinkToken() })).body).toEqual(INVALID);
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: 'lyhyt' })).body).toEqual(INVALID);

    // A's link on B's host opens nothing (and B has no such link either).
    const own = await link();
    const onB = await client(b).post('/api/1/updreqs/edit_me_h', { hash: own.token });
    expect(onB.status).toBe(400);
    expect(onB.body).toEqual(INVALID);
    expect((await client(b).post('/api/1/updreqs/update_me_h', { hash: own.token, member: { address_city: 'Beeta' } })).body).toEqual(INVALID);
    expect((await client(b).post('/api/1/updreqs/confirm_h', { hash: own.token })).body).toEqual(INVALID);

    // Expired: an ordered link works 24 hours.
    t.clock.set(new Date('2026-11-21T09:59:00.000Z'));
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: own.token })).status).toBe(200);
    t.clock.set(new Date('2026-11-21T10:00:00.000Z'));
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: own.token })).body).toEqual(INVALID);
    expect((await client().post('/api/1/updreqs/update_me_h', { hash: own.token, member: { address_city: 'Vanha' } })).body).toEqual(INVALID);
    expect((await client().post('/api/1/updreqs/confirm_h', { hash: own.token })).body).toEqual(INVALID);

    // Superseded: a newer link of the member ends the older one.
    const first = await link();
    const second = await link();
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: first.token })).body).toEqual(INVALID);
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: second.token })).status).toBe(200);

    // Removed, and a pending application.
    await t.deps.db.updateTable('members').set({ deleted_at: t.clock.now().toISOString() }).where('id', '=', m.id).execute();
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: second.token })).body).toEqual(INVALID);
    const applicant = await makeMember(t.deps, a, { pending: 1 });
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: (await link(applicant)).token })).body).toEqual(INVALID);
    expect((await t.deps.db.selectFrom('members').select('address_city').where('id', '=', m.id).executeTakeFirstOrThrow()).address_city).toBe('Oulu');
  });

  it('saves changes as PersonUpdateme by the member, marks the link updated and the email confirmed', async () => {
    const { token, id } = await link();
    const r = await client().post('/api/1/updreqs/update_me_h', { hash: token, member: { address_city: 'Kemi' } });
    expect(r.status).toBe(200);
    expect(r.body.member.address_city).toBe('Kemi');
    expect(r.body.link_.updreq).toBe(false);
    expect(await linkRow(id)).toMatchObject({ outcome: 'updated', outcome_at: '2026-11-20T10:00:00.000Z' });
    const hist = await t.deps.db.selectFrom('member_history').select(['context', 'author_id', 'data']).where('member_id', '=', m.id).execute();
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({ context: 'PersonUpdateme', author_id: m.id });
    expect(JSON.parse(hist[0]!.data)).toEqual([expect.objectContaining({ field: 'address_city', old: 'Oulu', new: 'Kemi' })]);
    expect(await logOf(m.id)).toEqual([{ event: 'member_updated', author_id: m.id }]);
    expect(await contact(m.id)).toEqual([{ medium: 'email', address: m.email, outcome: 'confirmed' }]);
    // A later confirmation does not turn the update back into a confirmation.
    expect((await client().post('/api/1/updreqs/confirm_h', { hash: token })).body).toEqual({ confirmed: true });
    expect((await linkRow(id)).outcome).toBe('updated');
  });

  it('refuses invalid input under the field and keeps the porg-free email rule', async () => {
    const { token, id } = await link();
    const r = await client().post('/api/1/updreqs/update_me_h', { hash: token, member: { email: '' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ email: ['_validation_field_required'] });
    expect((await linkRow(id)).outcome).toBeNull();
  });

  it('never changes the password by link', async () => {
    const { token } = await link();
    const before = (await t.deps.db.selectFrom('members').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow()).password_hash;
    const r = await client().post('/api/1/updreqs/update_me_h', { hash: token, member: { newPassword_: 'Uusi-Salasana-2026!', confirmNewPassword_: 'Uusi-Salasana-2026!' } });
    expect(r.status).toBe(200);
    expect((await t.deps.db.selectFrom('members').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow()).password_hash).toBe(before);
  });

  it('a save without changes and confirm_h both confirm: outcome, log line and up-to-dateness', async () => {
    const same = await link();
    expect((await client().post('/api/1/updreqs/update_me_h', { hash: same.token, member: { address_city: 'Oulu' } })).status).toBe(200);
    expect((await linkRow(same.id)).outcome).toBe('confirmed');
    const c = await link();
    const r = await client().post('/api/1/updreqs/confirm_h', { hash: c.token });
    expect(r.body).toEqual({ confirmed: true });
    expect((await linkRow(c.id)).outcome).toBe('confirmed');
    expect((await linkRow(c.id)).opened_at).not.toBeNull();
    expect(await logOf(m.id)).toEqual([
      { event: 'member_data_confirmed', author_id: m.id },
      { event: 'member_data_confirmed', author_id: m.id },
    ]);
    expect(await contact(m.id)).toEqual([{ medium: 'email', address: m.email, outcome: 'confirmed' }]);
    expect(await t.deps.db.selectFrom('member_history').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
  });

  it("an update request's link confirms the medium it came by (SMS: the member's number)", async () => {
    const msg = await insertMessage(t.deps, a.tenant.id, { kind: 'updreq', media: 'sms', status: 'sent', deliveries: [{ memberId: m.id, address: m.phone!, status: 'sent' }] });
    const deliveryId = msg.deliveryIds[0]!;
    const token = deliveryLinkToken(t.deps.config.sessionSecret, deliveryId);
    await issueLink(t.deps.db, { tenantId: a.tenant.id, memberId: m.id, source: 'updreq', token, at: t.clock.now(), messageId: msg.id, deliveryId });
    const r = await client().post('/api/1/updreqs/edit_me_h', { hash: token });
    expect(r.body.link_).toEqual({ expires_at: '2026-12-20T10:00:00.000Z', updreq: true, eclaim: false });
    expect((await client().post('/api/1/updreqs/confirm_h', { hash: token })).body).toEqual({ confirmed: true });
    expect(await contact(m.id)).toEqual([{ medium: 'sms', address: m.phone, outcome: 'confirmed' }]);
  });

  it('locks the fields a federation owns on the link form', async () => {
    await t.deps.db.updateTable('members').set({ federation_ref: 'SL-1234' }).where('id', '=', m.id).execute();
    const { token } = await link();
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: token })).body.locked_).toEqual(['firstname', 'lastname']);
    const r = await client().post('/api/1/updreqs/update_me_h', { hash: token, member: { firstname: 'Lissu', address_city: 'Kemi' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ firstname: ['members_field_owned_by_federation'] });
    // The unchanged name may come along with other changes.
    const ok = await client().post('/api/1/updreqs/update_me_h', { hash: token, member: { firstname: 'Liisa', lastname: m.lastname, address_city: 'Kemi' } });
    expect(ok.status).toBe(200);
    expect(ok.body.member).toMatchObject({ firstname: 'Liisa', address_city: 'Kemi' });
  });

  it('limits link uses per IP (429)', async () => {
    const { token } = await link();
    const ip = '10.99.0.1';
    const at = t.clock.now().toISOString();
    await t.deps.db
      .insertInto('rate_events')
      .values(Array.from({ length: EDIT_LINK_USES_MAX_PER_IP - 1 }, () => ({ tenant_id: a.tenant.id, kind: 'edit_link_use', key: ip, at })))
      .execute();
    const c = new Client(t.app, a.tenant.hostname!, { ip });
    expect((await c.post('/api/1/updreqs/edit_me_h', { hash: token })).status).toBe(200);
    for (const url of ['edit_me_h', 'update_me_h', 'confirm_h']) {
      const r = await c.post(`/api/1/updreqs/${url}`, { hash: token, member: {} });
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ errors: { general: ['edit_links_rate_limited'] } });
    }
    // Another address is not held back.
    expect((await client().post('/api/1/updreqs/edit_me_h', { hash: token })).status).toBe(200);
  });
});
