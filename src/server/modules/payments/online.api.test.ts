import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { iso } from '../../lib/clock';
import { makeMember } from '../../test/factories/member';
import { CSRF_HEADER } from '../../../shared/constants';
import type { CreatedTenant } from '../tenants/service';
import { sign } from '../paytrail/sign';
import * as ledger from './ledger-repo';
import * as repo from './mooney-repo';
import { balancePay } from './mooney';
import { chargeFee } from './balance';
import { merchantOf, testBankQuery } from './online';
import { attemptByStamp } from './online-repo';

describe(`online payments (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let asA: Client;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    asA = await adminClient(t, a);
  });
  afterAll(() => t.close());

  const secret = () => merchantOf(t.deps.config).secret;
  const host = (c: CreatedTenant) => c.tenant.hostname!;

  /** Buys balance and starts its charge; returns the item id and the test bank's signed ok/fail queries. */
  async function started(client: Client, amount = '50') {
    const bought = await client.post('/api/1/balance/buy', { amount });
    expect(bought.status).toBe(200);
    const mid = bought.body.mooney_id as string;
    const charged = await client.post('/api/1/mooney/charge', { mid });
    expect(charged.status).toBe(200);
    const stamp = new URL(charged.body.href as string).searchParams.get('stamp')!;
    const attempt = (await attemptByStamp(t.deps.db, (await repo.findById(t.deps.db, a.tenant.id, mid)) ? a.tenant.id : b.tenant.id, stamp))!;
    return { mid, charged: charged.body, attempt, ok: testBankQuery(secret(), attempt, 'ok'), fail: testBankQuery(secret(), attempt, 'fail') };
  }
  const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();
  const anon = (c: CreatedTenant) => new Client(t.app, host(c), { csrf: false });
  const purchases = async (tenantId: number, mid: string) =>
    (await ledger.rowsOf(t.deps.db, tenantId, { limit: 1000, offset: 0 })).filter((r) => r.kind === 'purchase' && r.payment_id === mid);
  const receiptsOf = (tenantId: number, mid: string) => t.deps.db.selectFrom('receipts').selectAll().where('tenant_id', '=', tenantId).where('payment_id', '=', mid).execute();
  const logLines = async (tenantId: number, event: string) =>
    t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', tenantId).where('event', '=', event).execute();

  it('charges through the test bank: its page, then Maksa pays through the signed callback and redirect', async () => {
    const s = await started(asA);
    expect(s.charged).toMatchObject({ amount: 5000, test: true });
    expect(s.charged.providers).toEqual([expect.objectContaining({ name: 'Testipankki' })]);
    expect(s.attempt.reference).toBe(`seura-1-${s.mid}`);
    expect(s.attempt.reference.split('-').slice(2).join('-')).toBe(s.mid);
    const page = await anon(a).get(new URL(s.charged.href as string).pathname + new URL(s.charged.href as string).search);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Testipankki – ei oikea maksu');
    expect(page.body).toContain('lang="fi"');
    const token = new URL(s.charged.href as string).searchParams.get('token')!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/1/payments/testbank/done',
      headers: { host: host(a), 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs({ stamp: s.attempt.stamp, token, status: 'ok' }),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toMatch(/^\/api\/1\/payments\/return\?/);
    expect((await repo.findById(t.deps.db, a.tenant.id, s.mid))!.paid_at).not.toBeNull();
    const back = await anon(a).get(done.headers.location!);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/balance/thanks?payment=ok');
    expect(await purchases(a.tenant.id, s.mid)).toHaveLength(1);
    const [receipt, ...more] = await receiptsOf(a.tenant.id, s.mid);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'balance_purchase', method: 'online', amount_cents: 5000 });
    expect(JSON.parse(receipt!.rows)).toEqual([expect.objectContaining({ title: 'Saldo', count: 1, unit_cents: 5000, total_cents: 5000 })]);
    expect((await asA.get('/api/1/balance')).body).toMatchObject({ balance_cents: 5000, free_cents: 0, bought_cents: 5000, default_buy_cents: 5000, min_buy_cents: 95 });
    // A wrong token opens nothing.
    expect((await anon(a).get(`/api/1/payments/testbank?stamp=${s.attempt.stamp}&token=${'0'.repeat(32)}`)).status).toBe(404);
  });

  it('refuses a tampered signature and changes nothing', async () => {
    const s = await started(asA);
    const tampered = { ...s.ok, 'checkout-amount': '1' };
    expect((await anon(a).get(`/api/1/payments/callback?${qs(tampered)}`)).status).toBe(400);
    expect((await anon(a).get(`/api/1/payments/return?${qs({ ...s.ok, signature: sign('WRONG', s.ok) })}`)).status).toBe(400);
    const forged = { ...s.ok, 'checkout-amount': '1' };
    delete (forged as Record<string, string>).signature;
    expect((await anon(a).post(`/api/1/payments/callback?${qs({ ...forged, signature: sign('SAIPPUAKAUPPIAS', forged) })}`)).status).toBe(400);
    expect((await repo.findById(t.deps.db, a.tenant.id, s.mid))!.paid_at).toBeNull();
    expect(await purchases(a.tenant.id, s.mid)).toHaveLength(0);
  });

  it('pays once when the callback comes first, then the redirect, then both again', async () => {
    const s = await started(asA, '20');
    const before = await ledger.balanceOf(t.deps.db, a.tenant.id);
    expect((await anon(a).post(`/api/1/payments/callback?${qs(s.ok)}`)).body).toEqual({ ok: true });
    expect((await anon(a).get(`/api/1/payments/return?${qs(s.ok)}`)).headers.location).toBe('/balance/thanks?payment=ok');
    await anon(a).get(`/api/1/payments/callback?${qs(s.ok)}`);
    await anon(a).get(`/api/1/payments/return?${qs(s.ok)}`);
    expect(await purchases(a.tenant.id, s.mid)).toHaveLength(1);
    expect(await receiptsOf(a.tenant.id, s.mid)).toHaveLength(1);
    expect(await ledger.balanceOf(t.deps.db, a.tenant.id)).toBe(before + 2000);
    const lines = (await logLines(a.tenant.id, 'balance_purchased')).filter((l) => l.data.includes(s.mid));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!.data)).toEqual(expect.arrayContaining([{ field: 'amount', new: 2000 }, { field: 'method', new: 'online' }]));
  });

  it('pays once when the redirect comes first and callbacks race', async () => {
    const s = await started(asA, '30');
    const before = await ledger.balanceOf(t.deps.db, a.tenant.id);
    expect((await anon(a).get(`/api/1/payments/return?${qs(s.ok)}`)).status).toBe(303);
    await Promise.all(Array.from({ length: 5 }, () => anon(a).post(`/api/1/payments/callback?${qs(s.ok)}`)));
    expect(await purchases(a.tenant.id, s.mid)).toHaveLength(1);
    expect(await receiptsOf(a.tenant.id, s.mid)).toHaveLength(1);
    expect(await ledger.balanceOf(t.deps.db, a.tenant.id)).toBe(before + 3000);
    const item = (await repo.findById(t.deps.db, a.tenant.id, s.mid))!;
    expect(item).toMatchObject({ method: 'online', charged_amount: 3000, stamp: s.attempt.stamp, provider_ref: `test-${s.attempt.stamp}` });
  });

  it('sends a cancelled payment to the failure page with its reference, and a new charge can follow', async () => {
    const s = await started(asA);
    const r = await anon(a).get(`/api/1/payments/return?${qs(s.fail)}`);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe(`/m/failure?checkout-reference=${encodeURIComponent(`seura-1-${s.mid}`)}`);
    expect((await repo.findById(t.deps.db, a.tenant.id, s.mid))!.paid_at).toBeNull();
    const again = await asA.post('/api/1/mooney/charge', { mid: s.mid });
    expect(again.status).toBe(200);
    const stamp = new URL(again.body.href as string).searchParams.get('stamp')!;
    expect((await attemptByStamp(t.deps.db, a.tenant.id, stamp))!.reference).toBe(`seura-2-${s.mid}`);
  });

  it("charges at least pt_minimum online, and refuses a paid item's charge", async () => {
    const mid = crypto.randomUUID();
    await repo.insert(t.deps.db, { id: mid, tenant_id: a.tenant.id, context: 'announcement', subject_id: null, original_amount: 40, amount: 40, goto: '/announcements', author_id: null, created_at: iso(t.clock.now()) });
    const r = await asA.post('/api/1/mooney/charge', { mid });
    expect(r.body.amount).toBe(95);
    const stamp = new URL(r.body.href as string).searchParams.get('stamp')!;
    const attempt = (await attemptByStamp(t.deps.db, a.tenant.id, stamp))!;
    expect(attempt.amount).toBe(95);
    await anon(a).post(`/api/1/payments/callback?${qs(testBankQuery(secret(), attempt, 'ok'))}`);
    const lines = (await logLines(a.tenant.id, 'message_paid')).filter((l) => l.data.includes(mid));
    expect(lines).toHaveLength(1);
    const rows = JSON.parse((await receiptsOf(a.tenant.id, mid))[0]!.rows) as { title: string; total_cents: number }[];
    expect(rows.map((r) => [r.title, r.total_cents])).toEqual([['Verkkomaksun vähimmäisveloitus', 95]]);
    expect((await asA.post('/api/1/mooney/charge', { mid })).body).toEqual({ errors: { general: ['mooney_already_paid'] } });
  });

  it('releases the held deliveries of an announcement paid online, in the paying transaction', async () => {
    await asA.post('/api/1/settings/save', { scope_: 'organisation', name_: 'Alfa ry', reply_to_email: 'hallitus@alfa.fi', business_id: '0112038-9' });
    await makeMember(t.deps, a, { lastname: 'Verkko1', email: null, phone: '+358401112231' });
    await makeMember(t.deps, a, { lastname: 'Verkko2', email: null, phone: '+358401112232' });
    const sent = await asA.post('/api/1/announcements/save', { msg_media: 'sms', content: 'Kokous tänään.', filter: [{ field: 'lastname', verb: 'starts', value: 'Verkko' }], send: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mid = sent.body.mooney_id as string;
    const statuses = async () => (await t.deps.db.selectFrom('deliveries').select('status').where('message_id', '=', sent.body.id as number).execute()).map((d) => d.status);
    expect(await statuses()).toEqual(['held', 'held']);
    expect((await asA.post('/api/1/mooney/set_method', { mid, method: 'online' })).body).toMatchObject({ method: 'online' });
    const charged = await asA.post('/api/1/mooney/charge', { mid });
    const attempt = (await attemptByStamp(t.deps.db, a.tenant.id, new URL(charged.body.href as string).searchParams.get('stamp')!))!;
    const back = await anon(a).get(`/api/1/payments/return?${qs(testBankQuery(secret(), attempt, 'ok'))}`);
    expect(back.headers.location).toBe(`/announcements/${sent.body.id}?payment=ok`);
    expect(await statuses()).toEqual(['queued', 'queued']);
    const msg = await t.deps.db.selectFrom('messages').select('status').where('id', '=', sent.body.id as number).executeTakeFirstOrThrow();
    expect(msg.status).toBe('sent');
    const [receipt] = await receiptsOf(a.tenant.id, mid);
    expect(receipt).toMatchObject({ kind: 'message', method: 'online', amount_cents: attempt.amount });

    // A cancelled message cannot be charged online.
    const again = await asA.post('/api/1/announcements/save', { msg_media: 'sms', content: 'Toinen.', filter: [{ field: 'lastname', verb: 'starts', value: 'Verkko' }], send: true });
    expect((await asA.post('/api/1/announcements/cancel', { id: again.body.id })).status).toBe(200);
    expect((await asA.post('/api/1/mooney/charge', { mid: again.body.mooney_id })).body).toEqual({ errors: { general: ['mooney_cancelled'] } });
  });

  it('validates the amount of a balance purchase under amount', async () => {
    expect((await asA.post('/api/1/balance/buy', { amount: 'viisi' })).body).toEqual({ errors: { amount: ['balance_amount_invalid'] } });
    expect((await asA.post('/api/1/balance/buy', { amount: '0,50' })).body.errors.amount).toEqual(['balance_amount_too_small']);
    const dflt = await asA.post('/api/1/balance/buy', { amount: '' });
    expect((await repo.findById(t.deps.db, a.tenant.id, dflt.body.mooney_id as string))!.amount).toBe(5000);
    expect((await repo.findById(t.deps.db, a.tenant.id, (await asA.post('/api/1/balance/buy', { amount: '75,50' })).body.mooney_id as string))!.amount).toBe(7550);
  });

  it("answers another association's payment as not found, also its signed redirect", async () => {
    const asB = await adminClient(t, b);
    const s = await started(asB);
    expect((await asA.post('/api/1/mooney/charge', { mid: s.mid })).status).toBe(404);
    // B's signed query sent to A's host: A has no such attempt.
    expect((await anon(a).get(`/api/1/payments/return?${qs(s.ok)}`)).status).toBe(404);
    expect((await repo.findById(t.deps.db, b.tenant.id, s.mid))!.paid_at).toBeNull();
  });

  it('lets admins only, with the CSRF token, charge, buy, refer and read the balance', async () => {
    const mid = (await asA.post('/api/1/balance/buy', { amount: '10' })).body.mooney_id as string;
    for (const role of ['member', 'board'] as const) {
      const m = await memberClient(t, a, role);
      expect((await m.post('/api/1/mooney/charge', { mid })).status).toBe(403);
      expect((await m.post('/api/1/balance/buy', { amount: '10' })).status).toBe(403);
      expect((await m.post('/api/1/balance/refer', { emails: 'x@example.fi' })).status).toBe(403);
      expect((await m.get('/api/1/balance')).status).toBe(403);
    }
    const bad = { [CSRF_HEADER]: 'väärä' };
    expect((await asA.request('POST', '/api/1/mooney/charge', { mid }, bad)).status).toBe(403);
    expect((await asA.request('POST', '/api/1/balance/buy', { amount: '10' }, bad)).status).toBe(403);
    expect((await asA.request('POST', '/api/1/balance/refer', { emails: 'x@example.fi' }, bad)).status).toBe(403);
    expect((await anon(a).get('/api/1/balance')).status).toBe(401);
  });

  it('never takes the balance negative under 20 concurrent balance_pay calls', async () => {
    const c = await makeTenant(t.deps, 'Gamma ry');
    await ledger.addRow(t.deps.db, c.tenant.id, { at: iso(t.clock.now()), kind: 'credit', amountCents: 1000 });
    const mids = Array.from({ length: 20 }, () => crypto.randomUUID());
    for (const id of mids) await repo.insert(t.deps.db, { id, tenant_id: c.tenant.id, context: 'announcement', subject_id: null, original_amount: 300, amount: 300, goto: '/', author_id: null, created_at: iso(t.clock.now()) });
    const results = await Promise.allSettled(mids.map((id) => balancePay(t.deps, c.tenant, c.admin, id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await ledger.balanceOf(t.deps.db, c.tenant.id)).toBe(100);
    // Each payment from the balance has its receipt and log line; numbers run without gaps.
    const numbers = (await t.deps.db.selectFrom('receipts').select('number').where('tenant_id', '=', c.tenant.id).execute()).map((r) => r.number).sort();
    expect(numbers).toEqual([1, 2, 3]);
    expect(await logLines(c.tenant.id, 'message_paid')).toHaveLength(3);
    // The same item paid 20 times at once is charged once.
    const one = crypto.randomUUID();
    await ledger.addRow(t.deps.db, c.tenant.id, { at: iso(t.clock.now()), kind: 'credit', amountCents: 1000 });
    await repo.insert(t.deps.db, { id: one, tenant_id: c.tenant.id, context: 'announcement', subject_id: null, original_amount: 300, amount: 300, goto: '/', author_id: null, created_at: iso(t.clock.now()) });
    await Promise.allSettled(Array.from({ length: 20 }, () => balancePay(t.deps, c.tenant, c.admin, one)));
    expect(await ledger.balanceOf(t.deps.db, c.tenant.id)).toBe(800);
  });

  it('credits a referral once, on the referred association’s first purchase; free balance pays fees first', async () => {
    const friend = await makeTenant(t.deps, 'Delta ry');
    const r = await asA.post('/api/1/balance/refer', { emails: `${friend.admin.email!.toUpperCase()}\nei-osoite, uusi@example.fi;${friend.admin.email}` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ referred: [friend.admin.email, 'uusi@example.fi'], already: [], invalid: ['ei-osoite'] });
    expect((await asA.post('/api/1/balance/refer', { emails: 'uusi@example.fi' })).body).toEqual({ referred: [], already: ['uusi@example.fi'], invalid: [] });
    expect((await asA.post('/api/1/balance/refer', { emails: 'ei, kelpaa' })).body).toEqual({ errors: { emails: ['_validation_invalid_email'] } });
    const aBefore = await ledger.balanceOf(t.deps.db, a.tenant.id);
    const asF = await adminClient(t, friend);
    for (let i = 0; i < 2; i += 1) {
      const bought = await asF.post('/api/1/balance/buy', { amount: '10' });
      const charged = await asF.post('/api/1/mooney/charge', { mid: bought.body.mooney_id });
      const attempt = (await attemptByStamp(t.deps.db, friend.tenant.id, new URL(charged.body.href as string).searchParams.get('stamp')!))!;
      await anon(friend).post(`/api/1/payments/callback?${qs(testBankQuery(secret(), attempt, 'ok'))}`);
    }
    expect(await ledger.balanceOf(t.deps.db, a.tenant.id)).toBe(aBefore + 2500);
    expect((await asF.get('/api/1/balance')).body).toMatchObject({ balance_cents: 2500, free_cents: 500, bought_cents: 2000 });
    expect(await logLines(friend.tenant.id, 'referral_credited')).toHaveLength(1);
    expect(await logLines(a.tenant.id, 'referral_credited')).toHaveLength(1);
    await chargeFee(t.deps.db, friend.tenant.id, { cents: 300, paymentId: null, note: 'Viesti', authorId: null, at: iso(t.clock.now()) });
    const fee = (await ledger.rowsOf(t.deps.db, friend.tenant.id, { limit: 1, offset: 0 }))[0]!;
    expect([fee.amount_cents, fee.free_cents]).toEqual([-300, -300]);
    await chargeFee(t.deps.db, friend.tenant.id, { cents: 400, paymentId: null, note: 'Viesti', authorId: null, at: iso(t.clock.now()) });
    const fee2 = (await ledger.rowsOf(t.deps.db, friend.tenant.id, { limit: 1, offset: 0 }))[0]!;
    expect([fee2.amount_cents, fee2.free_cents]).toEqual([-400, -200]);
    expect((await asF.get('/api/1/balance')).body).toMatchObject({ balance_cents: 1800, free_cents: 0, bought_cents: 1800 });
  });
});
