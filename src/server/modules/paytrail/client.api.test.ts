import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import * as repo from '../payments/mooney-repo';
import { sign, verify } from './sign';

// A local stand-in of the Paytrail Payment API: it checks our request's signature with the
// public test merchant (375917 / SAIPPUAKAUPPIAS), answers like Paytrail with a signed
// reply, and later "redirects" with a query signed the same way.
const MERCHANT = '375917';
const SECRET = 'SAIPPUAKAUPPIAS';

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  signatureOk: boolean;
}

describe(`Paytrail Payment API client (${testDialect})`, () => {
  let server: http.Server;
  let url: string;
  const seen: Seen[] = [];
  let replySecret = SECRET;
  let t: TestApp;
  let a: CreatedTenant;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        const checkout: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (k.startsWith('checkout-') && typeof v === 'string') checkout[k] = v;
        const signatureOk = checkout['checkout-account'] === MERCHANT && verify(SECRET, checkout, text, req.headers.signature as string);
        const body = JSON.parse(text) as Record<string, unknown>;
        seen.push({ headers: req.headers, body, signatureOk });
        if (req.method !== 'POST' || req.url !== '/payments' || !signatureOk) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"status":"error","message":"Invalid signature"}');
          return;
        }
        const reply = JSON.stringify({
          transactionId: 'tx-123',
          href: `https://pay.paytrail.com/pay/tx-123`,
          reference: body.reference,
          providers: [{ url: 'https://pay.paytrail.com/payments/tx-123/nordea', icon: 'https://x/nordea.png', svg: 'https://x/nordea.svg', group: 'bank', name: 'Nordea', id: 'nordea', parameters: [{ name: 'X', value: 'y' }] }],
        });
        const h = { 'checkout-account': MERCHANT, 'checkout-algorithm': 'sha256', 'checkout-transaction-id': 'tx-123', 'checkout-request-id': 'r1' };
        res.writeHead(201, { ...h, 'content-type': 'application/json', signature: sign(replySecret, h, reply) }).end(reply);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await testApp({ config: { paytrail: { merchantId: MERCHANT, secret: SECRET, url } } });
    a = await makeTenant(t.deps, 'Paytrail ry');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => server.close(r));
  });

  it('creates a signed payment the stand-in accepts, and hands its page and providers on', async () => {
    const admin = await adminClient(t, a);
    const mid = (await admin.post('/api/1/balance/buy', { amount: '50' })).body.mooney_id as string;
    const r = await admin.post('/api/1/mooney/charge', { mid });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ href: 'https://pay.paytrail.com/pay/tx-123', amount: 5000, test: false });
    expect(r.body.providers[0]).toMatchObject({ id: 'nordea', name: 'Nordea', url: 'https://pay.paytrail.com/payments/tx-123/nordea' });
    const req = seen.at(-1)!;
    expect(req.signatureOk).toBe(true);
    expect(req.headers['checkout-algorithm']).toBe('sha256');
    expect(req.headers['checkout-method']).toBe('POST');
    expect(req.body).toMatchObject({ amount: 5000, currency: 'EUR', reference: `seura-1-${mid}` });
    // The rows add up to the amount, at the VAT rate of the day (25,5 % from 1.9.2024).
    expect(req.body.items).toEqual([expect.objectContaining({ unitPrice: 5000, units: 1, vatPercentage: 25.5 })]);
    const base = `http://${a.tenant.hostname}:${t.deps.config.port}`;
    expect(req.body.redirectUrls).toEqual({ success: `${base}/api/1/payments/return`, cancel: `${base}/api/1/payments/return` });
    expect(req.body.callbackUrls).toEqual({ success: `${base}/api/1/payments/callback`, cancel: `${base}/api/1/payments/callback` });

    // Paytrail's redirect, signed with the merchant's secret, pays the item.
    const q: Record<string, string> = {
      'checkout-account': MERCHANT,
      'checkout-algorithm': 'sha256',
      'checkout-amount': '5000',
      'checkout-stamp': String(req.body.stamp),
      'checkout-reference': `seura-1-${mid}`,
      'checkout-transaction-id': 'tx-123',
      'checkout-status': 'ok',
      'checkout-provider': 'nordea',
    };
    const anon = new Client(t.app, a.tenant.hostname!, { csrf: false });
    const back = await anon.get(`/api/1/payments/return?${new URLSearchParams({ ...q, signature: sign(SECRET, q) }).toString()}`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/balance/thanks?payment=ok');
    expect((await repo.findById(t.deps.db, a.tenant.id, mid))!.provider_ref).toBe('tx-123');
    // The test bank is not there when Paytrail is configured.
    expect((await anon.get('/api/1/payments/testbank?stamp=x&token=y')).status).toBe(404);
  });

  it('refuses a reply whose signature does not hold, with a banner and no 500', async () => {
    replySecret = 'NOT-THE-SECRET';
    try {
      const admin = await adminClient(t, a);
      const mid = (await admin.post('/api/1/balance/buy', { amount: '10' })).body.mooney_id as string;
      const r = await admin.post('/api/1/mooney/charge', { mid });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: { general: ['payment_provider_failed'] } });
    } finally {
      replySecret = SECRET;
    }
  });
});
