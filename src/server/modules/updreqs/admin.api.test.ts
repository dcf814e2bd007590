import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { recordingProvider, type RecordingProvider } from '../../test/factories/outbox';
import type { CreatedTenant } from '../tenants/service';
import { createOutboxWorker } from '../outbox/worker';
import type { OutgoingDelivery, Providers } from '../outbox/providers';
import { deliveryToken } from '../outbox/tokens';
import { publicBase } from '../../lib/publicUrl';
import { deliveryLinkToken, markOpened, markOutcome, resolveLink } from './links-repo';
import { updreqPersonalisers } from './personalise';
import { creditByOperator } from '../payments/balance';

// Update requests over the API: the preview carries a link of the real length (and prices
// email by tier), sending queues one delivery per recipient, the worker writes each its own
// working link, the instance statuses and response rate follow what members did, cancel,
// search, and site admins only.

describe(`update requests, admin (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let base: string;

  const org = { scope_: 'organisation', name_: 'Alfa ry', reply_to_email: 'hallitus@alfa.fi' };
  const deliveries = (messageId: number) => t.deps.db.selectFrom('deliveries').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
  const logOf = async (event: string) => t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', event).execute();
  const links = (messageId: number) => t.deps.db.selectFrom('edit_links').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
  const kuoro = [{ field: 'lastname', verb: 'starts', value: 'Kuoro' }];
  const linkRe = /\/edit_me_h\/([A-Za-z0-9_-]{43})/;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    expect((await admin.post('/api/1/settings/save', org)).status).toBe(200);
    base = publicBase(t.deps.config, a.tenant);
  });
  afterAll(() => t.close());

  let seq = 0;
  const member = (over: Parameters<typeof makeMember>[2] = {}) => {
    seq += 1;
    return makeMember(t.deps, a, { lastname: `Kuoro${seq}`, email: `kuoro${seq}@example.fi`, phone: null, ...over });
  };
  beforeEach(async () => {
    await t.deps.db.updateTable('members').set({ deleted_at: '2026-01-01T00:00:00.000Z' }).where('tenant_id', '=', a.tenant.id).where('lastname', 'like', 'Kuoro%').execute();
    await t.deps.db.updateTable('tenants').set({ trust_status: 'OK', tier: 'Free' }).where('id', '=', a.tenant.id).execute();
  });

  const setTier = (tier: string) => t.deps.db.updateTable('tenants').set({ tier }).where('id', '=', a.tenant.id).execute();

  async function runWorker(): Promise<Providers & Record<'email' | 'sms', RecordingProvider>> {
    const providers = { email: recordingProvider(), sms: recordingProvider(), letter: recordingProvider(), pdf: recordingProvider() };
    await createOutboxWorker(t.deps, providers, { personalise: updreqPersonalisers(t.deps) }).runOnce();
    return providers;
  }

  it('previews an email with a sample link of the real length; email costs in Free, nothing from Start', async () => {
    await member();
    await member();
    const body = { msg_media: 'email', subject: 'Tarkistathan jäsentietosi', content: '<p>Hei!</p>', filter: kuoro };
    const free = await admin.post('/api/1/updreqs/preview', body);
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body.recipient_count).toBe(2);
    expect(free.body.price).toEqual({ rows: [{ type: 'email', count: 2, unit_cents: 10, total_cents: 20 }], discount_cents: 0, total_cents: 20 });
    const sample = `${base}/edit_me_h/`;
    const m = linkRe.exec(free.body.email.html as string);
    expect(m?.[1]).toHaveLength(43);
    expect(free.body.email.html).toContain(sample);
    expect(free.body.email.html).toContain('Tarkista ja päivitä tietosi');
    expect(free.body.email.html).toContain('Linkki on voimassa 30 päivää.');
    expect(free.body.email.text).toContain(sample);
    expect(free.body).toMatchObject({ fraudulent_content: false });

    await setTier('Start');
    const start = await admin.post('/api/1/updreqs/preview', body);
    expect(start.body.price).toEqual({ rows: [{ type: 'email', count: 2, unit_cents: 0, total_cents: 0 }], discount_cents: 0, total_cents: 0 });
  });

  it('counts the link in the SMS parts and charges SMS in every tier', async () => {
    await member({ phone: '+358401234567' });
    await setTier('Start');
    // 130 characters fit one part alone; with the link they need two.
    const text = 'a'.repeat(130);
    const ann = await admin.post('/api/1/announcements/preview', { msg_media: 'sms', content: text, filter: kuoro });
    expect(ann.body.sms.parts).toBe(1);
    const r = await admin.post('/api/1/updreqs/preview', { msg_media: 'sms', content: text, filter: kuoro });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.sms).toMatchObject({ parts: 2, kind: 'multi' });
    expect(r.body.price).toEqual({ rows: [{ type: 'sms_part', count: 2, unit_cents: 8, total_cents: 16 }], discount_cents: 0, total_cents: 16 });
  });

  it('refuses letters and an empty text', async () => {
    await member();
    expect((await admin.post('/api/1/updreqs/preview', { msg_media: 'letter', subject: 'x', content: '<p>x</p>', filter: kuoro })).status).toBe(400);
    const empty = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Tyhjä', content: '', filter: kuoro, send: true });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.content).toEqual(['_validation_field_required']);
  });

  it('sends: free from Start queued at once, in Free held for payment; logged', async () => {
    await member();
    await member();
    await setTier('Start');
    const sent = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Tarkistus', content: '<p>Hei</p>', filter: kuoro, send: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ id: expect.any(Number), queued: true });
    expect((await deliveries(sent.body.id)).map((d) => d.status)).toEqual(['queued', 'queued']);
    const msg = await t.deps.db.selectFrom('messages').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ kind: 'updreq', status: 'sent', recipient_count: 2, content: '<p>Hei</p>' });

    await setTier('Free');
    const paid = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Maksullinen', content: '<p>Hei</p>', filter: kuoro, send: true });
    expect(paid.body).toEqual({ id: expect.any(Number), mooney_id: expect.any(String), queued: false });
    expect((await deliveries(paid.body.id)).map((d) => d.status)).toEqual(['held', 'held']);
    const item = await t.deps.db.selectFrom('payment_items').selectAll().where('id', '=', paid.body.mooney_id).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ context: 'updreq', amount: 20, goto: `/updreqs/${paid.body.id}` });
    expect((await logOf('updreq_saved')).length).toBeGreaterThanOrEqual(2);
    expect((await logOf('updreq_sent')).length).toBeGreaterThanOrEqual(2);
  });

  it('the worker writes each recipient a working link of their own, the same on a retry', async () => {
    const m1 = await member();
    const m2 = await member({ email: null, phone: '+358401112223' });
    await setTier('Start');
    const email = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Tarkistus', content: '<p>Hei</p>', filter: kuoro, send: true });
    const sms = await admin.post('/api/1/updreqs/save', { msg_media: 'sms', subject: 'Tarkistus', content: 'Tarkista tietosi:', filter: kuoro, send: true });
    // SMS costs in every tier: paid from the balance, then queued.
    await creditByOperator(t.deps, a.tenant.id, 1000, 'testi');
    expect((await admin.post('/api/1/mooney/set_method', { mid: sms.body.mooney_id, method: 'balance' })).status).toBe(200);
    expect((await admin.post('/api/1/mooney/balance_pay', { balance_mid: sms.body.mooney_id })).body).toEqual({ paid: true, goto: `/updreqs/${sms.body.id}` });
    const providers = await runWorker();
    const e = providers.email.sent.find((d) => d.memberId === m1.id)!;
    const token = linkRe.exec(e.content)![1]!;
    expect(e.content).toContain(`<p>Hei</p><h2><a href="${base}/edit_me_h/${token}">Tarkista ja päivitä tietosi</a></h2>`);
    expect(e.content).toContain('Linkki on voimassa 30 päivää.');
    const s = providers.sms.sent.find((d) => d.memberId === m2.id)!;
    expect(s.content).toMatch(new RegExp(`^Tarkista tietosi:\\n${base.replace(/[.:/]/g, '\\$&')}/edit_me_h/[A-Za-z0-9_-]{43}$`));

    const now = t.clock.now();
    const found = await resolveLink(t.deps.db, a.tenant.id, token, now);
    expect(found?.member.id).toBe(m1.id);
    expect(found?.link).toMatchObject({ source: 'updreq', message_id: email.body.id, sent_to: m1.email, delivery_id: e.deliveryId });
    expect(await links(email.body.id)).toHaveLength(1);
    expect(await links(sms.body.id)).toHaveLength(1);

    // A retry of the same delivery carries the same link and stores nothing new.
    const again = await updreqPersonalisers(t.deps).updreq!({ ...e, content: '<p>Hei</p>' });
    expect(again.content).toBe(e.content);
    expect(await links(email.body.id)).toHaveLength(1);
    expect(token).toBe(deliveryLinkToken(t.deps.config.sessionSecret, e.deliveryId));

    // The web view shows the same link.
    const view = await new Client(t.app, a.tenant.hostname!).get(`/msg/show/email/${deliveryToken(t.deps.config.sessionSecret, 'show', e.deliveryId)}`);
    expect(view.status).toBe(200);
    expect(String(view.body)).toContain(`/edit_me_h/${token}`);
  });

  it('bounces a delivery without a member', async () => {
    const d: OutgoingDelivery = { deliveryId: 1, tenantId: a.tenant.id, messageId: 1, memberId: null, medium: 'email', address: 'x@example.fi', subject: 's', content: 'c', senderName: 'Alfa ry', replyTo: '' };
    await expect(updreqPersonalisers(t.deps).updreq!(d)).rejects.toThrow('updreq_member_missing');
  });

  it('counts instance statuses from the links: read, updated, confirmed, with the response rate', async () => {
    const ms = [await member(), await member(), await member(), await member()];
    await setTier('Start');
    const sent = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Tilastot', content: '<p>Hei</p>', filter: kuoro, send: true });
    const id = sent.body.id as number;
    const queued = await admin.get(`/api/1/updreqs/${id}`);
    expect(queued.body.updreq_statuses).toMatchObject({ queued: 4, pending: 0 });
    expect(queued.body.response_rate).toBe(0);
    await runWorker();
    const pending = await admin.get(`/api/1/updreqs/${id}`);
    expect(pending.body.updreq_statuses).toMatchObject({ queued: 0, pending: 4 });

    const rows = await links(id);
    const at = t.clock.now();
    const linkOf = (memberId: number) => rows.find((l) => l.member_id === memberId)!.id;
    await markOpened(t.deps.db, a.tenant.id, linkOf(ms[0]!.id), at);
    await markOutcome(t.deps.db, a.tenant.id, linkOf(ms[1]!.id), 'updated', at);
    await markOutcome(t.deps.db, a.tenant.id, linkOf(ms[2]!.id), 'confirmed', at);

    const r = await admin.get(`/api/1/updreqs/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.updreq_statuses).toEqual({ held: 0, queued: 0, sending: 0, pending: 1, read: 1, updated: 1, confirmed: 1, bounced: 0, unknown: 0, cancelled: 0 });
    expect(r.body.response_rate).toBe(50);
    expect(r.body.version).toBe(2);
    expect(r.body.msg_statuses).toMatchObject({ sent: 4 });
    expect(r.body.instances_count).toBe(4);
    const byMember = Object.fromEntries((r.body.instances as { member_id: number; status: string }[]).map((i) => [i.member_id, i.status]));
    expect(byMember).toEqual({ [ms[0]!.id]: 'read', [ms[1]!.id]: 'updated', [ms[2]!.id]: 'confirmed', [ms[3]!.id]: 'pending' });

    const list = await admin.get('/api/1/updreqs/all');
    expect(list.status).toBe(200);
    const mine = (list.body.results as { id: number; response_rate: number; updreq_statuses: Record<string, number> }[]).find((x) => x.id === id)!;
    expect(mine.response_rate).toBe(50);
    expect(mine.updreq_statuses.updated).toBe(1);
  });

  it('cancels queued deliveries, and a request waiting for payment whole', async () => {
    await member();
    await setTier('Start');
    const sent = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Peru', content: '<p>x</p>', filter: kuoro, send: true });
    const c = await admin.post('/api/1/updreqs/cancel', { id: sent.body.id });
    expect(c.body).toEqual({ cancelled: 1 });
    expect((await admin.get(`/api/1/updreqs/${sent.body.id}`)).body.updreq_statuses.cancelled).toBe(1);
    expect(await logOf('updreq_cancelled')).toHaveLength(1);
    await setTier('Free');
    const paying = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Peru maksu', content: '<p>x</p>', filter: kuoro, send: true });
    await admin.post('/api/1/updreqs/cancel', { id: paying.body.id });
    const msg = await t.deps.db.selectFrom('messages').select('status').where('id', '=', paying.body.id).executeTakeFirstOrThrow();
    expect(msg.status).toBe('cancelled');
    // A sent request is no draft any more.
    expect((await admin.post('/api/1/updreqs/save', { id: sent.body.id, msg_media: 'email', subject: 'x', content: '<p>x</p>' })).body).toEqual({ errors: { general: ['updreq_not_draft'] } });
  });

  it('searches subjects of update requests only', async () => {
    await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Syystarkistus', content: '<p>x</p>' });
    await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Syystiedote', content: '<p>x</p>' });
    expect((await admin.post('/api/1/updreqs/supersearch', { term: 'sy' })).status).toBe(400);
    const found = await admin.post('/api/1/updreqs/supersearch', { term: 'SYYS' });
    expect(found.body.results.map((x: { subject: string }) => x.subject)).toEqual(['Syystarkistus']);
    expect((await admin.get('/api/1/updreqs/999999')).status).toBe(404);
  });

  it('is for site admins only', async () => {
    const draft = await admin.post('/api/1/updreqs/save', { msg_media: 'email', subject: 'Roolit', content: '<p>x</p>' });
    for (const role of ['member', 'board'] as const) {
      const c = await memberClient(t, a, role);
      expect((await c.post('/api/1/updreqs/preview', { msg_media: 'email' })).status, role).toBe(403);
      expect((await c.post('/api/1/updreqs/save', { msg_media: 'email' })).status, role).toBe(403);
      expect((await c.get('/api/1/updreqs/all')).status, role).toBe(403);
      expect((await c.get(`/api/1/updreqs/${draft.body.id}`)).status, role).toBe(403);
      expect((await c.post('/api/1/updreqs/supersearch', { term: 'Roolit' })).status, role).toBe(403);
      expect((await c.post('/api/1/updreqs/cancel', { id: draft.body.id })).status, role).toBe(403);
    }
    expect((await new Client(t.app, a.tenant.hostname!).get('/api/1/updreqs/all')).status).toBe(401);
  });
});
