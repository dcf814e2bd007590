import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import type { CreatedTenant } from '../tenants/service';
import { recordOutcome } from '../contacts/repo';
import { creditByOperator, currentBalance } from '../payments/balance';
import { unblock } from '../tenants/trust';
import { DEFAULT_MESSAGE_PRICES } from '../../../shared/messages/prices';

// Announcements end to end over the API: preview numbers per medium, sending free and paid,
// paying once, cancelling, and the fraud block.

describe(`announcements (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;

  const org = { scope_: 'organisation', name_: 'Alfa ry', reply_to_email: 'hallitus@alfa.fi', business_id: '0112038-9' };
  const deliveries = (messageId: number) => t.deps.db.selectFrom('deliveries').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
  const statuses = async (messageId: number) => (await deliveries(messageId)).map((d) => d.status);
  const message = (id: number) => t.deps.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logOf = async (event: string) => t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', event).execute();
  const kuoro = [{ field: 'lastname', verb: 'starts', value: 'Kuoro' }];

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    expect((await admin.post('/api/1/settings/save', org)).status).toBe(200);
  });
  afterAll(() => t.close());

  let seq = 0;
  const member = (over: Parameters<typeof makeMember>[2] = {}) => {
    seq += 1;
    return makeMember(t.deps, a, { lastname: `Kuoro${seq}`, email: `kuoro${seq}@example.fi`, phone: null, ...over });
  };
  // Every test starts from a register with only its own Kuoro members.
  beforeEach(async () => {
    await t.deps.db.updateTable('members').set({ deleted_at: '2026-01-01T00:00:00.000Z' }).where('tenant_id', '=', a.tenant.id).where('lastname', 'like', 'Kuoro%').execute();
    await t.deps.db.updateTable('tenants').set({ trust_status: 'OK', tier: 'Free' }).where('id', '=', a.tenant.id).execute();
  });

  it('previews an email: filter plus hand-picked, never deleted or pending, bounced current address unreachable', async () => {
    const ok1 = await member();
    await member();
    await member({ email: null });
    const bounced = await member();
    await recordOutcome(t.deps.db, a.tenant.id, { member_id: bounced.id, medium: 'email', address: bounced.email!, outcome: 'bounced', at: '2026-01-01T00:00:00.000Z' });
    const movedOn = await member();
    await recordOutcome(t.deps.db, a.tenant.id, { member_id: movedOn.id, medium: 'email', address: 'old@example.fi', outcome: 'bounced', at: '2026-01-01T00:00:00.000Z' });
    await member({ deleted_at: '2026-01-02T00:00:00.000Z' });
    await member({ pending: 1 });
    const picked = await makeMember(t.deps, a, { lastname: 'Valittu', email: 'valittu@example.fi' });
    const r = await admin.post('/api/1/announcements/preview', {
      msg_media: 'email',
      subject: 'Kevätkokous',
      content: '<p>Tervetuloa <a href="https://alfa.fi/kokous">kokoukseen</a><script>x()</script></p>',
      filter: kuoro,
      addrecips: [picked.id],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recipient_count).toBe(4); // ok1, the other, movedOn, picked
    expect(r.body.unreachable_count).toBe(2);
    expect(r.body.unreachable.map((u: { reason: string }) => u.reason).sort()).toEqual(['email_bounced', 'no_email']);
    expect(r.body.price).toEqual({ rows: [{ type: 'email', count: 4, unit_cents: 0, total_cents: 0 }], discount_cents: 0, total_cents: 0 });
    expect(r.body.email.html).toContain('<a href="https://alfa.fi/kokous" target="_blank" rel="noopener noreferrer">kokoukseen</a>');
    expect(r.body.email.html).not.toContain('script');
    expect(r.body.email.text).toContain('kokoukseen (https://alfa.fi/kokous)');
    expect(r.body.email.text).toContain('Alfa ry');
    expect(r.body).toMatchObject({ fraudulent_content: false, warnings: [] });
    expect(r.body.sms).toBeUndefined();
    expect(ok1.id).toBeGreaterThan(0);
  });

  it('previews an SMS: Finnish mobiles only, parts and unsupported characters, price per part', async () => {
    await member({ phone: '+358401234567' });
    await member({ phone: '+358501234567' });
    await member({ phone: '+35891234567' }); // landline
    await member({ phone: null });
    const text = 'Talkoot la klo 10 – tervetuloa! '.repeat(6); // en dash: not in GSM 03.38
    const r = await admin.post('/api/1/announcements/preview', { msg_media: 'sms', content: text, filter: kuoro });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recipient_count).toBe(2);
    expect(r.body.unreachable.map((u: { reason: string }) => u.reason).sort()).toEqual(['no_phone', 'not_finnish_mobile']);
    expect(r.body.sms).toEqual({ parts: 2, kind: 'multi', unsupported_chars: ['–'] });
    expect(r.body.price).toEqual({ rows: [{ type: 'sms_part', count: 4, unit_cents: 8, total_cents: 32 }], discount_cents: 0, total_cents: 32 });
    expect(r.body.email).toBeUndefined();
  });

  it("prices with the deployment's own price list", async () => {
    const own = structuredClone(DEFAULT_MESSAGE_PRICES);
    own.announcement.sms.sms_part = 12;
    const t2 = await testApp({ config: { messagePrices: own } });
    try {
      const b = await makeTenant(t2.deps, 'Hinnasto ry');
      await makeMember(t2.deps, b, { lastname: 'Kuoro', phone: '+358401234567' });
      const r = await (await adminClient(t2, b)).post('/api/1/announcements/preview', { msg_media: 'sms', content: 'Hei', filter: kuoro });
      expect(r.body.price).toEqual({ rows: [{ type: 'sms_part', count: 1, unit_cents: 12, total_cents: 12 }], discount_cents: 0, total_cents: 12 });
    } finally {
      await t2.close();
    }
  });

  it('previews a letter: addresses, pages, problems and the tier discount on page prices', async () => {
    await t.deps.db.updateTable('tenants').set({ tier: 'Plus' }).where('id', '=', a.tenant.id).execute();
    await member({ address_street: 'Kotikatu 1', address_zip: '00100', address_city: 'Helsinki' });
    await member({ address_street: 'Kotikatu 2', address_zip: '33100', address_city: 'Tampere' });
    await member({ address_street: 'Kotikatu 3', address_zip: '', address_city: 'Turku' });
    const r = await admin.post('/api/1/announcements/preview', { msg_media: 'letter', subject: 'Kirje', content: '<p>Hyvä jäsen</p>', filter: kuoro });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recipient_count).toBe(2);
    expect(r.body.unreachable).toEqual([expect.objectContaining({ reason: 'incomplete_address' })]);
    expect(r.body.letter).toEqual({ pages: 1, unsupported_chars: [], problems: [] });
    // 2 × 1,50 € with the Plus tier's 20 % off pages.
    expect(r.body.price).toEqual({ rows: [{ type: 'letter_first_page', count: 2, unit_cents: 150, total_cents: 300 }], discount_cents: 60, total_cents: 240 });

    const pdf = await admin.post('/api/1/announcements/preview', { msg_media: 'pdf', subject: 'Kirje', content: '<p>Hyvä jäsen</p>', filter: kuoro });
    expect(pdf.body).toMatchObject({ recipient_count: 2, letter: { pages: 1, problems: [] } });
    expect(pdf.body.price).toEqual({ rows: [{ type: 'pdf', count: 2, unit_cents: 0, total_cents: 0 }], discount_cents: 0, total_cents: 0 });

    const long = '<p>' + 'Pitkä kappale tekstiä. '.repeat(400) + '</p>';
    const tooLong = await admin.post('/api/1/announcements/preview', { msg_media: 'letter', subject: 'Kirje', content: long, filter: kuoro });
    expect(tooLong.body.letter.problems).toContain('letter_too_many_pages');
  });

  it('sends a free email at once: one queued delivery per reachable recipient with the address as it was', async () => {
    const m1 = await member({ email: 'Iso.Kirjain@Example.fi' });
    await member();
    await member({ email: null });
    const r = await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Tiedote', content: '<p>Hei</p>', filter: kuoro, send: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number), queued: true });
    const rows = await deliveries(r.body.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((d) => d.status === 'queued' && d.medium === 'email')).toBe(true);
    expect(rows.find((d) => d.member_id === m1.id)!.address).toBe('iso.kirjain@example.fi');
    expect(await message(r.body.id)).toMatchObject({ status: 'sent', recipient_count: 2 });
    const item = await t.deps.db.selectFrom('payment_items').selectAll().where('subject_id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ amount: 0, original_amount: 0 });
    expect(item.paid_at).not.toBeNull();

    const got = await admin.get(`/api/1/announcements/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ status: 'sent', recipient_count: 2, msg_statuses: { queued: 2 }, msgs_count: 2 });
    expect(got.body.msgs[0]).toMatchObject({ member_id: m1.id, recipient_address: 'iso.kirjain@example.fi', status: 'queued', date_sent: null });
    const list = await admin.get('/api/1/announcements/all');
    expect(list.body.results.find((x: { id: number }) => x.id === r.body.id)).toMatchObject({ subject: 'Tiedote', msg_statuses: { queued: 2 } });
    expect((await logOf('announcement_sent')).length).toBeGreaterThan(0);

    // A sent message is not a draft any more.
    const again = await admin.post('/api/1/announcements/save', { id: r.body.id, msg_media: 'email', subject: 'Muutos', content: '<p>x</p>', filter: kuoro, send: true });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ errors: { general: ['announcement_not_draft'] } });
  });

  it('sends a draft once under two parallel sends', async () => {
    await member();
    await member();
    const draft = await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Kahdesti?', content: '<p>Hei</p>', filter: kuoro });
    expect(draft.body).toEqual({ id: expect.any(Number), queued: false });
    expect((await message(draft.body.id)).status).toBe('draft');
    const body = { id: draft.body.id, msg_media: 'email', subject: 'Kahdesti?', content: '<p>Hei</p>', filter: kuoro, send: true };
    const [x, y] = await Promise.all([admin.post('/api/1/announcements/save', body), admin.post('/api/1/announcements/save', body)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await deliveries(draft.body.id)).toHaveLength(2);
  });

  it('charges the previewed price from the balance, once, and queues the SMS deliveries in the same step', async () => {
    await member({ phone: '+358401112223' });
    await member({ phone: '+358401112224' });
    await member({ phone: '+358401112225' });
    const body = { msg_media: 'sms', content: 'Kokous tänään klo 18.', filter: kuoro };
    const preview = await admin.post('/api/1/announcements/preview', body);
    expect(preview.body.price.total_cents).toBe(24);
    const sent = await admin.post('/api/1/announcements/save', { ...body, send: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ id: expect.any(Number), mooney_id: expect.any(String), queued: false });
    const mid = sent.body.mooney_id as string;
    expect((await message(sent.body.id)).status).toBe('paying');
    // Who receives it is fixed now, at the price shown: the deliveries wait for the payment.
    expect(await statuses(sent.body.id)).toEqual(['held', 'held', 'held']);
    await member({ phone: '+358401112226' });

    const item = await admin.get(`/api/1/mooney/${mid}`);
    expect(item.body).toMatchObject({ id: mid, context: 'announcement', price_rows: preview.body.price.rows, original_amount: 24, amount: 24, paid: false, goto: `/announcements/${sent.body.id}`, method: null });
    expect(item.body.balance_covers).toBe(item.body.balance_cents >= 24);

    // Not enough balance: nothing charged, nothing queued.
    const before = await currentBalance(t.deps.db, a.tenant.id);
    if (before >= 24) throw new Error('test expects a small balance');
    const poor = await admin.post('/api/1/mooney/balance_pay', { balance_mid: mid });
    expect(poor.status).toBe(400);
    expect(poor.body).toEqual({ errors: { general: ['insufficient_balance'] } });
    expect(await statuses(sent.body.id)).toEqual(['held', 'held', 'held']);
    expect((await admin.get(`/api/1/mooney/${mid}`)).body.paid).toBe(false);

    await creditByOperator(t.deps, a.tenant.id, 1000, 'testi');
    const online = await admin.post('/api/1/mooney/set_method', { mid, method: 'online' });
    expect(online.body).toMatchObject({ method: 'online', paid: false });
    expect((await admin.post('/api/1/mooney/set_method', { mid, method: 'balance' })).body).toMatchObject({ method: 'balance', balance_covers: true });

    // A double click: two payments in parallel charge once.
    const [p1, p2] = await Promise.all([admin.post('/api/1/mooney/balance_pay', { balance_mid: mid }), admin.post('/api/1/mooney/balance_pay', { balance_mid: mid })]);
    expect(p1.body).toEqual({ paid: true, goto: `/announcements/${sent.body.id}` });
    expect(p2.body).toEqual({ paid: true, goto: `/announcements/${sent.body.id}` });
    expect(await currentBalance(t.deps.db, a.tenant.id)).toBe(before + 1000 - 24);
    const rows = await deliveries(sent.body.id);
    // The member added after sending for payment is not among them: the price covered three.
    expect(rows.map((d) => d.status)).toEqual(['queued', 'queued', 'queued']);
    expect(rows.map((d) => d.address).sort()).toEqual(['+358401112223', '+358401112224', '+358401112225']);
    expect((await message(sent.body.id)).status).toBe('sent');
    // Once more later: still nothing new.
    expect((await admin.post('/api/1/mooney/balance_pay', { balance_mid: mid })).body.paid).toBe(true);
    expect(await currentBalance(t.deps.db, a.tenant.id)).toBe(before + 1000 - 24);
    expect(await deliveries(sent.body.id)).toHaveLength(3);
    const paidLog = await logOf('message_paid');
    expect(paidLog).toHaveLength(1);
    expect(JSON.parse(paidLog[0]!.data)).toEqual(expect.arrayContaining([{ field: 'amount', new: 24 }, { field: 'method', new: 'balance' }]));

    const log = await admin.post('/api/1/log/all', { transactions: true });
    expect(log.body.transaction_results).toEqual([expect.objectContaining({ id: mid, amount: 24, method: 'balance', context: 'announcement', subject_id: sent.body.id })]);
    expect(log.body.transaction_count).toBe(1);
    expect(log.body.transaction_years).toEqual([new Date().getUTCFullYear()]);
  });

  it('cancels queued deliveries only, and a message waiting for payment whole', async () => {
    await member();
    await member();
    const sent = await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Peru', content: '<p>Hei</p>', filter: kuoro, send: true });
    const [first] = await deliveries(sent.body.id);
    await t.deps.db.updateTable('deliveries').set({ status: 'sent' }).where('id', '=', first!.id).execute();
    const c = await admin.post('/api/1/announcements/cancel', { id: sent.body.id });
    expect(c.body).toEqual({ cancelled: 1 });
    expect((await deliveries(sent.body.id)).map((d) => d.status)).toEqual(['sent', 'cancelled']);
    expect((await admin.post('/api/1/announcements/cancel', { id: sent.body.id })).body).toEqual({ cancelled: 0 });
    expect(await logOf('announcement_cancelled')).toHaveLength(1);

    await member({ address_street: 'Katu 1', address_zip: '00100', address_city: 'Helsinki' });
    const letter = await admin.post('/api/1/announcements/save', { msg_media: 'letter', subject: 'Kirje', content: '<p>Hei</p>', filter: kuoro, send: true });
    expect(letter.body.mooney_id).toEqual(expect.any(String));
    await admin.post('/api/1/announcements/cancel', { id: letter.body.id });
    expect((await message(letter.body.id)).status).toBe('cancelled');
    await creditByOperator(t.deps, a.tenant.id, 10_000, 'testi');
    const pay = await admin.post('/api/1/mooney/balance_pay', { balance_mid: letter.body.mooney_id });
    expect(pay.body).toEqual({ errors: { general: ['mooney_cancelled'] } });
    expect(await statuses(letter.body.id)).toEqual(['cancelled']);
  });

  it('never charges without queuing: a payment and a cancel in parallel', async () => {
    await member({ phone: '+358401119991' });
    await creditByOperator(t.deps, a.tenant.id, 1000, 'testi');
    for (let i = 0; i < 3; i++) {
      const sent = await admin.post('/api/1/announcements/save', { msg_media: 'sms', content: `Hei ${i}`, filter: kuoro, send: true });
      const before = await currentBalance(t.deps.db, a.tenant.id);
      await Promise.all([admin.post('/api/1/mooney/balance_pay', { balance_mid: sent.body.mooney_id }), admin.post('/api/1/announcements/cancel', { id: sent.body.id })]);
      const m = await message(sent.body.id);
      const rows = await deliveries(sent.body.id);
      const charged = before - (await currentBalance(t.deps.db, a.tenant.id));
      if (m.status === 'cancelled') expect([charged, rows.map((d) => d.status)]).toEqual([0, ['cancelled']]);
      else {
        expect(m.status).toBe('sent');
        expect(charged).toBe(8);
        expect(rows).toHaveLength(1);
      }
    }
  });

  it('refuses a fraudulent message, blocks the association and logs it; blocked, nothing is sent', async () => {
    await member();
    const scam = await admin.post('/api/1/announcements/save', {
      msg_media: 'email', subject: 'Jäsenyytesi päättyy', content: '<p>Vahvista pankkitunnuksesi: <a href="http://evil.example/login">nordea.fi</a></p>', filter: kuoro, send: true,
    });
    expect(scam.status).toBe(400);
    expect(scam.body).toEqual({ errors: { general: ['fraudulent_content'] } });
    expect(await deliveries(scam.body.id ?? -1)).toHaveLength(0);
    expect((await admin.get('/api/1/settings')).body.trust_status).toBe('BLOCKED');
    const blockedLog = await logOf('trust_blocked');
    expect(blockedLog.length).toBeGreaterThan(0);
    expect(blockedLog.at(-1)!.data).toContain('link_domain_mismatch');

    const preview = await admin.post('/api/1/announcements/preview', { msg_media: 'email', subject: 'x', content: '<a href="http://evil.example/login">nordea.fi</a>', filter: kuoro });
    expect(preview.body.fraudulent_content).toBe(true);

    const clean = await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Tavallinen', content: '<p>Hei</p>', filter: kuoro, send: true });
    expect(clean.body).toEqual({ errors: { general: ['messaging_blocked'] } });
    // Drafts can still be saved.
    expect((await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Luonnos', content: '<p>Hei</p>', filter: kuoro })).status).toBe(200);

    // Support clears it (npm run tenant -- unblock): sending works again, and the change is logged.
    expect(await unblock(t.deps, a.tenant.id)).toBe(true);
    expect((await admin.get('/api/1/settings')).body.trust_status).toBe('OK');
    expect((await logOf('trust_unblocked')).length).toBeGreaterThan(0);
    expect((await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Tavallinen', content: '<p>Hei</p>', filter: kuoro, send: true })).body.queued).toBe(true);
  });

  it('does not take a payment while the association is blocked', async () => {
    await member({ phone: '+358401119990' });
    const sent = await admin.post('/api/1/announcements/save', { msg_media: 'sms', content: 'Hei', filter: kuoro, send: true });
    await creditByOperator(t.deps, a.tenant.id, 1000, 'testi');
    const before = await currentBalance(t.deps.db, a.tenant.id);
    await t.deps.db.updateTable('tenants').set({ trust_status: 'BLOCKED' }).where('id', '=', a.tenant.id).execute();
    const pay = await admin.post('/api/1/mooney/balance_pay', { balance_mid: sent.body.mooney_id });
    expect(pay.body).toEqual({ errors: { general: ['messaging_blocked'] } });
    expect(await currentBalance(t.deps.db, a.tenant.id)).toBe(before);
    expect(await statuses(sent.body.id)).toEqual(['held']);
    expect((await admin.get(`/api/1/mooney/${sent.body.mooney_id}`)).body.paid).toBe(false);
  });

  it('needs a reply-to address to send, and a business id for letters', async () => {
    await member({ address_street: 'Katu 1', address_zip: '00100', address_city: 'Helsinki' });
    const b = await makeTenant(t.deps, 'Beeta ry');
    const asB = await adminClient(t, b);
    await makeMember(t.deps, b, { lastname: 'Kuoro', email: 'b@example.fi', address_street: 'Katu 1', address_zip: '00100', address_city: 'Helsinki' });
    const body = { msg_media: 'email', subject: 'S', content: '<p>Hei</p>', filter: kuoro, send: true };
    expect((await asB.post('/api/1/announcements/save', body)).body).toEqual({ errors: { general: ['email_missing_'] } });
    await asB.post('/api/1/settings/save', { scope_: 'organisation', name_: 'Beeta ry', reply_to_email: 'b@beeta.fi' });
    expect((await asB.post('/api/1/announcements/save', { ...body, msg_media: 'letter' })).body).toEqual({ errors: { general: ['vat_id_missing_'] } });
    expect((await asB.post('/api/1/announcements/save', body)).body.queued).toBe(true);
  });

  it('answers validation errors under their fields', async () => {
    const bad = await admin.post('/api/1/announcements/preview', { msg_media: 'fax', content: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.msg_media).toEqual(['_validation_invalid_choice']);
    const empty = await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: '', content: '', filter: kuoro, send: true });
    expect(empty.body.errors).toMatchObject({ subject: ['_validation_field_required'], content: ['_validation_field_required'] });
    const short = await admin.post('/api/1/announcements/supersearch', { term: 'ab' });
    expect(short.body).toEqual({ errors: { term: ['_validation_too_short'] } });
    await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Syyskokouskutsu', content: '<p>x</p>' });
    const found = await admin.post('/api/1/announcements/supersearch', { term: 'SYYSKOK' });
    expect(found.body.results.map((x: { subject: string }) => x.subject)).toContain('Syyskokouskutsu');
    await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Äänestys_100%', content: '<p>x</p>' });
    expect((await admin.post('/api/1/announcements/supersearch', { term: 'äänes' })).body.results.map((x: { subject: string }) => x.subject)).toEqual(['Äänestys_100%']);
    expect((await admin.post('/api/1/announcements/supersearch', { term: '_100%' })).body.results.map((x: { subject: string }) => x.subject)).toEqual(['Äänestys_100%']);
    expect((await admin.post('/api/1/announcements/supersearch', { term: 's%1' })).body.results).toEqual([]);
    expect((await admin.get('/api/1/mooney/not-a-uuid')).status).toBe(404);
    expect((await admin.get('/api/1/announcements/999999')).status).toBe(404);
  });

  it('is for site admins only, and mutations need the CSRF token', async () => {
    const draft = await admin.post('/api/1/announcements/save', { msg_media: 'email', subject: 'Roolit', content: '<p>x</p>' });
    const mid = '00000000-0000-4000-8000-000000000000';
    for (const role of ['member', 'board'] as const) {
      const c = await memberClient(t, a, role);
      expect((await c.post('/api/1/announcements/preview', { msg_media: 'email' })).status, role).toBe(403);
      expect((await c.post('/api/1/announcements/save', { msg_media: 'email' })).status, role).toBe(403);
      expect((await c.get('/api/1/announcements/all')).status, role).toBe(403);
      expect((await c.get(`/api/1/announcements/${draft.body.id}`)).status, role).toBe(403);
      expect((await c.post('/api/1/announcements/supersearch', { term: 'Roolit' })).status, role).toBe(403);
      expect((await c.post('/api/1/announcements/cancel', { id: draft.body.id })).status, role).toBe(403);
      expect((await c.get(`/api/1/mooney/${mid}`)).status, role).toBe(403);
      expect((await c.post('/api/1/mooney/set_method', { mid, method: 'balance' })).status, role).toBe(403);
      expect((await c.post('/api/1/mooney/balance_pay', { balance_mid: mid })).status, role).toBe(403);
    }
    const anonymous = new Client(t.app, a.tenant.hostname!);
    expect((await anonymous.get('/api/1/announcements/all')).status).toBe(401);
    const noToken = new Client(t.app, a.tenant.hostname!, { csrf: false });
    for (const [k, v] of admin.jar) noToken.jar.set(k, v);
    for (const [url, body] of [
      ['/api/1/announcements/save', { msg_media: 'email', subject: 'CSRF', content: '<p>x</p>', send: true }],
      ['/api/1/announcements/preview', { msg_media: 'email' }],
      ['/api/1/announcements/cancel', { id: draft.body.id }],
      ['/api/1/mooney/balance_pay', { balance_mid: mid }],
      ['/api/1/mooney/set_method', { mid, method: 'balance' }],
    ] as const) {
      const r = await noToken.post(url, body);
      expect(r.status, url).toBe(403);
    }
  });
});
