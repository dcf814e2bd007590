import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import * as balanceBuy from '../modules/payments/balance-buy';
import * as ledger from '../modules/payments/ledger-repo';
import { charge, merchantOf, testBankQuery, testToken } from '../modules/payments/online';
import { attemptByStamp } from '../modules/payments/online-repo';

// Cross-tenant cases of online payment, balance purchases and referrals: B's payment item,
// its charge attempt and its signed provider query, aimed at by A (or sent to A's host).

interface BCharge {
  mid: string;
  stamp: string;
  token: string;
  ok: Record<string, string>;
}

/** B buys balance and starts its online charge (the test bank). */
async function bCharge(w: World): Promise<BCharge> {
  const { mooney_id: mid } = await balanceBuy.buy(w.t.deps, w.b.tenant, w.b.admin, '20');
  const r = await charge(w.t.deps, w.b.tenant, w.b.admin, mid);
  const href = new URL(r.href);
  const stamp = href.searchParams.get('stamp')!;
  const attempt = (await attemptByStamp(w.t.deps.db, w.b.tenant.id, stamp))!;
  const secret = merchantOf(w.t.deps.config).secret;
  return { mid, stamp, token: testToken(secret, stamp), ok: testBankQuery(secret, attempt, 'ok') };
}

const bItem = (w: World, mid: string) => w.t.deps.db.selectFrom('payment_items').selectAll().where('id', '=', mid).executeTakeFirstOrThrow();
const bBalance = (w: World) => ledger.balanceOf(w.t.deps.db, w.b.tenant.id);
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

/** B's signed ok query sent to A's host pays nothing: A has no such attempt. */
function signedCase(method: 'GET' | 'POST', url: string): CrossTenantCase {
  return {
    method,
    url,
    async run(w) {
      const c = await bCharge(w);
      const balance = await bBalance(w);
      const r = method === 'GET' ? await w.asA.get(`${url}?${qs(c.ok)}`) : await w.asA.post(`${url}?${qs(c.ok)}`);
      expectNotFound(r);
      expect((await bItem(w, c.mid)).paid_at).toBeNull();
      expect(await bBalance(w)).toBe(balance);
    },
  };
}

export const paymentsCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/mooney/charge',
    async run(w) {
      const c = await bCharge(w);
      const attempts = await w.t.deps.db.selectFrom('payment_attempts').select('stamp').where('payment_id', '=', c.mid).execute();
      expectNotFound(await w.asA.post('/api/1/mooney/charge', { mid: c.mid }));
      expect(await w.t.deps.db.selectFrom('payment_attempts').select('stamp').where('payment_id', '=', c.mid).execute()).toEqual(attempts);
    },
  },
  signedCase('GET', '/api/1/payments/return'),
  signedCase('GET', '/api/1/payments/callback'),
  signedCase('POST', '/api/1/payments/callback'),
  {
    method: 'GET',
    url: '/api/1/payments/testbank',
    async run(w) {
      const c = await bCharge(w);
      expectNotFound(await w.asA.get(`/api/1/payments/testbank?${qs({ stamp: c.stamp, token: c.token })}`));
    },
  },
  {
    method: 'POST',
    url: '/api/1/payments/testbank',
    async run(w) {
      const c = await bCharge(w);
      const r = await w.t.app.inject({ method: 'POST', url: '/api/1/payments/testbank', headers: { host: w.asA.host, 'content-type': 'application/x-www-form-urlencoded' }, payload: qs({ stamp: c.stamp, token: c.token }) });
      expect(r.statusCode).toBe(404);
    },
  },
  {
    method: 'POST',
    url: '/api/1/payments/testbank/done',
    async run(w) {
      const c = await bCharge(w);
      const r = await w.t.app.inject({ method: 'POST', url: '/api/1/payments/testbank/done', headers: { host: w.asA.host, 'content-type': 'application/x-www-form-urlencoded' }, payload: qs({ stamp: c.stamp, token: c.token, status: 'ok' }) });
      expect(r.statusCode).toBe(404);
      expect((await bItem(w, c.mid)).paid_at).toBeNull();
    },
  },
  {
    method: 'POST',
    url: '/api/1/balance/buy',
    async run(w) {
      const count = async () => (await w.t.deps.db.selectFrom('payment_items').select('id').where('tenant_id', '=', w.b.tenant.id).execute()).length;
      const before = await count();
      const r = await w.asA.post('/api/1/balance/buy', { amount: '10' });
      expect(r.status).toBe(200);
      expect(await count()).toBe(before);
      expect((await bItem(w, r.body.mooney_id as string)).tenant_id).toBe(w.a.tenant.id);
    },
  },
  {
    method: 'GET',
    url: '/api/1/balance',
    async run(w) {
      await ledger.addRow(w.t.deps.db, w.b.tenant.id, { at: new Date().toISOString(), kind: 'credit', amountCents: 987_654 });
      const r = await w.asA.get('/api/1/balance');
      expect(r.status).toBe(200);
      expect(r.body.balance_cents).toBe(await ledger.balanceOf(w.t.deps.db, w.a.tenant.id));
      expect(JSON.stringify(r.body)).not.toContain('987654');
    },
  },
  {
    method: 'POST',
    url: '/api/1/balance/refer',
    async run(w) {
      const r = await w.asA.post('/api/1/balance/refer', { emails: `ystava-${Date.now()}@example.fi` });
      expect(r.status).toBe(200);
      expectNoLeak(r, w);
      expect(await w.t.deps.db.selectFrom('referrals').select('id').where('tenant_id', '=', w.b.tenant.id).execute()).toEqual([]);
    },
  },
];
