import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { recordingProvider } from '../../test/factories/outbox';
import type { CreatedTenant } from '../tenants/service';
import { creditByOperator } from '../payments/balance';
import { createOutboxWorker } from '../outbox/worker';
import type { OutgoingDelivery, Providers } from '../outbox/providers';
import * as settingsRepo from '../settings/repo';
import { checkClaim, readClaim } from '../../../shared/membercard/claim';
import { MEMBERCARD_VIEWS_MAX_PER_IP } from '../../../shared/constants';
import { membercardPersonalisers } from './personalise';
import { cardToken } from './cards-repo';
import { keyFor } from './keys';
import { deliveryToken } from '../outbox/tokens';

// Member cards over the API: the signing key, sending cards to the design's groups, each
// delivery's own card link, the public card with its signed claim, and who may do what.

describe(`member cards (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let admin: Client;
  let groupId: number;

  const org = { scope_: 'organisation', name_: 'Kortti ry', reply_to_email: 'hallitus@kortti.fi' };
  const cardsOf = (messageId: number) => t.deps.db.selectFrom('member_cards').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
  const deliveries = (messageId: number) => t.deps.db.selectFrom('deliveries').selectAll().where('message_id', '=', messageId).orderBy('id').execute();

  async function group(tenant: CreatedTenant, name: string): Promise<number> {
    const at = new Date().toISOString();
    const r = await t.deps.db
      .insertInto('groups')
      .values({ tenant_id: tenant.tenant.id, name, label: name, email: null, allowed_senders: '', builtin: null, position: 10, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }
  let seq = 0;
  async function cardMember(over: Parameters<typeof makeMember>[2] = {}, tenant = a, gid = groupId) {
    seq += 1;
    const m = await makeMember(t.deps, tenant, { firstname: 'Kortti', lastname: `Jäsen${seq}`, email: `kortti${seq}@example.fi`, phone: `+35840100${String(1000 + seq)}`, ...over });
    await t.deps.db.insertInto('member_groups').values({ tenant_id: tenant.tenant.id, group_id: gid, member_id: m.id }).execute();
    return m;
  }
  const send = async (body: Record<string, unknown>) => {
    const r = await admin.post('/api/1/membercard/save', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.mooney_id) {
      await creditByOperator(t.deps, a.tenant.id, 10_000, 'testi');
      expect((await admin.post('/api/1/mooney/set_method', { mid: r.body.mooney_id, method: 'balance' })).status).toBe(200);
      expect((await admin.post('/api/1/mooney/balance_pay', { balance_mid: r.body.mooney_id })).body.paid).toBe(true);
    }
    return r.body.id as number;
  };
  let sent: OutgoingDelivery[] = [];
  const runWorker = async () => {
    const p = { email: recordingProvider(), sms: recordingProvider(), letter: recordingProvider(), pdf: recordingProvider() };
    await createOutboxWorker(t.deps, p as Providers, { personalise: membercardPersonalisers(t.deps) }).runOnce();
    sent = [...p.sms.sent, ...p.email.sent];
    return sent;
  };
  const tokenIn = (content: string) => /\/c\/([A-Za-z0-9_-]{43})/.exec(content)?.[1] ?? '';

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Kortti ry');
    b = await makeTenant(t.deps, 'Toinen ry');
    admin = await adminClient(t, a);
    expect((await admin.post('/api/1/settings/save', org)).status).toBe(200);
    groupId = await group(a, 'kortilliset');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each test starts with only its own card members in the group.
    await t.deps.db.deleteFrom('member_groups').where('tenant_id', '=', a.tenant.id).where('group_id', '=', groupId).execute();
    await settingsRepo.set(t.deps.db, a.tenant.id, 'membercard_groups', [groupId]);
    await settingsRepo.set(t.deps.db, a.tenant.id, 'membercard_fields', ['member_number', 'email']);
  });

  it('creates the signing key once, even on parallel first use, and publishes it for a day', async () => {
    const keys = await Promise.all([keyFor(t.deps, b.tenant.id), keyFor(t.deps, b.tenant.id), keyFor(t.deps, b.tenant.id)]);
    expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
    expect(await t.deps.db.selectFrom('signing_keys').selectAll().where('tenant_id', '=', b.tenant.id).execute()).toHaveLength(1);
    const anon = new Client(t.app, a.tenant.hostname!);
    const r1 = await anon.get('/api/1/membercard/key');
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ host: a.tenant.hostname, association: 'Kortti ry', alg: 'Ed25519', public_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(r1.headers['cache-control']).toBe('public, max-age=86400');
    expect((await anon.get('/api/1/membercard/key')).body).toEqual(r1.body);
    // The seed is stored sealed, not as itself.
    const row = await t.deps.db.selectFrom('signing_keys').selectAll().where('tenant_id', '=', a.tenant.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed.startsWith('v2.')).toBe(true);
  });

  it('previews the design groups by SMS: members without a mobile are unreachable, others outside the groups are not recipients', async () => {
    const first = await cardMember();
    await cardMember();
    const noPhone = await cardMember({ phone: null });
    const landline = await cardMember({ phone: '+35891234567' });
    await makeMember(t.deps, a, { phone: '+358401999999' }); // not in the group
    await cardMember({ deleted_at: '2026-01-01T00:00:00.000Z' });
    const r = await admin.post('/api/1/membercard/preview', {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recipient_count).toBe(2);
    expect(r.body.unreachable).toEqual([
      { member_id: noPhone.id, reason: 'no_phone' },
      { member_id: landline.id, reason: 'not_finnish_mobile' },
    ]);
    expect(r.body.price.rows).toEqual([{ type: 'sms_part', count: 2, unit_cents: 8, total_cents: 16 }]);
    expect(r.body.sms).toMatchObject({ parts: 1 });
    // The filter narrows the groups.
    const one = await admin.post('/api/1/membercard/preview', { filter: [{ field: 'lastname', verb: 'eq', value: first.lastname }] });
    expect(one.body.recipient_count).toBe(1);
    // By email everyone with an address.
    expect((await admin.post('/api/1/membercard/preview', { msg_media: 'email' })).body.recipient_count).toBe(4);
  });

  it('refuses without a design, and a hand-picked member without a mobile when sending by SMS', async () => {
    await settingsRepo.set(t.deps.db, a.tenant.id, 'membercard_groups', []);
    const none = await admin.post('/api/1/membercard/preview', {});
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ errors: { general: ['membercard_not_designed'] } });
    await settingsRepo.set(t.deps.db, a.tenant.id, 'membercard_groups', [groupId]);
    const ok = await cardMember();
    const noPhone = await cardMember({ phone: null });
    const r = await admin.post('/api/1/membercard/save', { addrecips: [ok.id, noPhone.id] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { addrecips: ['members_cannot_send_membercard'] } });
    // Only the picked go when there is no filter; a picked member outside the groups is not a recipient.
    const outsider = await makeMember(t.deps, a, { phone: '+358401888888' });
    const p = await admin.post('/api/1/membercard/preview', { addrecips: [ok.id, outsider.id] });
    expect(p.body.recipient_count).toBe(1);
  });

  it('sends by SMS: each delivery gets one card and its own link, the same on a retry; the message lists card statuses', async () => {
    const m1 = await cardMember();
    const m2 = await cardMember();
    const id = await send({});
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'membercard_sent').execute();
    expect(log.length).toBeGreaterThan(0);
    expect((await admin.get(`/api/1/membercard/${id}`)).body.cards.map((c: { card_status: string }) => c.card_status)).toEqual(['none', 'none']);
    await runWorker();
    expect(sent).toHaveLength(2);
    const cards = await cardsOf(id);
    expect(cards.map((c) => c.member_id).sort()).toEqual([m1.id, m2.id].sort());
    const ds = await deliveries(id);
    for (const d of ds) {
      const out = sent.find((s) => s.deliveryId === d.id)!;
      expect(out.subject).toBe('Jäsenkortti Kortti ry');
      expect(out.content).toMatch(/^Kortti ry: jäsenkorttisi, voimassa \d+\.\d+\.\d{4} asti:\nhttp:\/\/\S+\/c\/[A-Za-z0-9_-]{43}$/);
      expect(out.content).toContain(`http://${a.tenant.hostname!}`);
      expect(tokenIn(out.content)).toBe(cardToken(t.deps.config.sessionSecret, d.id));
    }
    // The message's web view shows the member's own link, as the SMS did.
    const view = await new Client(t.app, a.tenant.hostname!).get(`/msg/show/sms/${deliveryToken(t.deps.config.sessionSecret, 'show', ds[0]!.id)}`);
    expect(view.status).toBe(200);
    expect(String(view.body)).toContain(`/c/${cardToken(t.deps.config.sessionSecret, ds[0]!.id)}`);
    // A retry of the same delivery: the same link, no second card.
    const again = await membercardPersonalisers(t.deps).membercard!(sent[0]!);
    expect(tokenIn(again.content)).toBe(tokenIn(sent[0]!.content));
    expect(await cardsOf(id)).toHaveLength(2);
    const anon = new Client(t.app, a.tenant.hostname!, { ip: '10.9.0.1' });
    expect((await anon.get(`/api/1/membercard/card/${tokenIn(sent[0]!.content)}`)).status).toBe(200);
    const got = await admin.get(`/api/1/membercard/${id}`);
    expect(got.body).toMatchObject({ id, msg_media: 'sms', status: 'sent', recipient_count: 2, opened_count: 1, cards_count: 2, valid_until: cards[0]!.valid_until });
    expect(got.body.cards.map((c: { card_status: string }) => c.card_status).sort()).toEqual(['opened', 'sent']);
    const list = await admin.get('/api/1/membercard/all');
    expect(list.body.results.find((r: { id: number }) => r.id === id)).toMatchObject({ opened_count: 1 });
  });

  it('sends by email for free with a clear link', async () => {
    await cardMember();
    const r = await admin.post('/api/1/membercard/save', { msg_media: 'email' });
    expect(r.body).toEqual({ id: expect.any(Number), queued: true });
    await runWorker();
    expect(sent[0]!.content).toMatch(/<p><a href="http:\/\/[^"]+\/c\/[A-Za-z0-9_-]{43}">Avaa jäsenkorttisi<\/a><\/p>$/);
  });

  it('shows the public card: valid with a claim the published key verifies, expired, replaced; others 404', async () => {
    const m = await cardMember({ email: 'nakyva@example.fi' });
    await send({ addrecips: [m.id] });
    await runWorker();
    const token = tokenIn(sent[0]!.content);
    const anon = new Client(t.app, a.tenant.hostname!, { ip: '10.9.0.2' });
    const r = await anon.get(`/api/1/membercard/card/${token}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.status).toBe('valid');
    expect(r.body.face).toMatchObject({ association: 'Kortti ry', name: `${m.firstname} ${m.lastname}`, rows: [{ label: 'Jäsennumero', value: String(m.id) }, { label: expect.any(String), value: 'nakyva@example.fi' }] });
    expect(r.body.verify_url).toMatch(new RegExp(`^http://${a.tenant.hostname!}(:\\d+)?/c/verify$`));
    expect(r.body.qr_svg).toMatch(/^<svg/);
    const key = (await anon.get('/api/1/membercard/key')).body;
    const today = new Date().toISOString().slice(0, 10);
    const check = checkClaim(r.body.claim, key, today);
    expect(check).toMatchObject({ ok: true, expired: false, claim: { h: a.tenant.hostname, a: 'Kortti ry', n: m.id, nm: `${m.firstname} ${m.lastname}`, v: r.body.face.valid_until } });
    // Tampered: another name under the same signature.
    const read = readClaim(r.body.claim)!;
    const forged = `SC1.${Buffer.from(JSON.stringify({ ...read.claim, nm: 'Joku Muu' })).toString('base64url')}.${r.body.claim.split('.')[2]}`;
    expect(checkClaim(forged, key, today)).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(checkClaim(r.body.claim, { ...key, host: 'muu.localhost' }, today)).toMatchObject({ ok: false, reason: 'other_association' });
    expect((await cardsOf((await t.deps.db.selectFrom('member_cards').select('message_id').where('member_id', '=', m.id).executeTakeFirstOrThrow()).message_id!))[0]!.opened_at).not.toBeNull();

    // Another association's host: not found.
    const other = new Client(t.app, b.tenant.hostname!, { ip: '10.9.0.2' });
    expect((await other.get(`/api/1/membercard/card/${token}`)).status).toBe(404);
    expect((await anon.get(`/api/1/membercard/card/${'A'.repeat(43)}`)).status).toBe(404);

    // Past its last day: expired.
    await t.deps.db.updateTable('member_cards').set({ valid_until: '2020-12-31' }).where('member_id', '=', m.id).execute();
    expect((await anon.get(`/api/1/membercard/card/${token}`)).body.status).toBe('expired');
    // A newer card of the member: replaced.
    await send({ addrecips: [m.id] });
    await runWorker();
    expect((await anon.get(`/api/1/membercard/card/${token}`)).body.status).toBe('replaced');
    expect((await anon.get(`/api/1/membercard/card/${tokenIn(sent[0]!.content)}`)).body.status).toBe('valid');
    // A removed member's card: not found.
    await t.deps.db.updateTable('members').set({ deleted_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', m.id).execute();
    expect((await anon.get(`/api/1/membercard/card/${token}`)).status).toBe(404);
  });

  it('limits card views per IP', async () => {
    const ip = '10.9.0.99';
    const at = new Date().toISOString();
    const rows = Array.from({ length: MEMBERCARD_VIEWS_MAX_PER_IP }, () => ({ tenant_id: a.tenant.id, kind: 'membercard_view', key: ip, at }));
    for (let i = 0; i < rows.length; i += 100) await t.deps.db.insertInto('rate_events').values(rows.slice(i, i + 100)).execute();
    const anon = new Client(t.app, a.tenant.hostname!, { ip });
    const r = await anon.get(`/api/1/membercard/card/${'A'.repeat(43)}`);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ errors: { general: ['membercard_views_rate_limited'] } });
    expect((await new Client(t.app, a.tenant.hostname!, { ip: '10.9.0.98' }).get(`/api/1/membercard/card/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('lets only site admins send and read card messages', async () => {
    const member = await memberClient(t, a);
    for (const r of [
      await member.post('/api/1/membercard/preview', {}),
      await member.post('/api/1/membercard/save', {}),
      await member.get('/api/1/membercard/all'),
      await member.get('/api/1/membercard/1'),
      await member.post('/api/1/membercard/cancel', { id: 1 }),
    ]) expect(r.status).toBe(403);
  });

  it('cancels a card message waiting for payment', async () => {
    await cardMember();
    const r = await admin.post('/api/1/membercard/save', {});
    expect(r.body.queued).toBe(false);
    const c = await admin.post('/api/1/membercard/cancel', { id: r.body.id });
    expect(c.body).toEqual({ cancelled: 1 });
    expect((await admin.get(`/api/1/membercard/${r.body.id}`)).body.status).toBe('cancelled');
  });
});
