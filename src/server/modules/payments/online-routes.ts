import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { RAW_REPLY, route } from '../../http/route';
import { NotFound } from '../../lib/errors';
import {
  balanceBuyBody,
  balanceBuyReply,
  balanceReply,
  mooneyChargeBody,
  mooneyChargeReply,
  referBody,
  referReply,
} from '../../../shared/schemas/payments';
import { formatAmount } from '../../../shared/finnish';
import * as balance from './balance-buy';
import * as online from './online';
import { attemptByStamp } from './online-repo';
import { refer } from './referrals';

// Online payment, balance purchases and referrals. The provider's redirect and callback are
// public (the bank's browser redirect and server carry no session) but signed.

const callbackReply = z.object({ ok: z.boolean() });
const checkoutQuery = (q: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((q ?? {}) as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
};

function withNotice(goto: string): string {
  const safe = goto.startsWith('/') && !goto.startsWith('//') ? goto : '/';
  return `${safe}${safe.includes('?') ? '&' : '?'}payment=ok`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function testBankPage(reply: FastifyReply, v: { stamp: string; token: string; amount: number }): FastifyReply {
  const hidden = `<input type="hidden" name="stamp" value="${esc(v.stamp)}"><input type="hidden" name="token" value="${esc(v.token)}">`;
  const form = (status: string, label: string) =>
    `<form method="post" action="/api/1/payments/testbank/done">${hidden}<input type="hidden" name="status" value="${status}"><button type="submit">${label}</button></form>`;
  const html = `<!doctype html><html lang="fi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>Testipankki – ei oikea maksu</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}.warn{background:#fff3bf;border:2px solid #8a6d00;padding:.75rem;border-radius:4px}button{font-size:1rem;padding:.6rem 1.4rem;margin:.5rem .5rem 0 0;border:2px solid #1a1a1a;border-radius:4px;background:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1c5fd6;outline-offset:2px}form{display:inline}</style></head>
<body><main><h1>Testipankki – ei oikea maksu</h1><p class="warn">Tämä on kehityskäytön testipankki. Rahaa ei siirry.</p><p>Maksettava: <strong>${esc(formatAmount(v.amount))} €</strong></p>${form('ok', 'Maksa')}${form('fail', 'Peruuta')}</main></body></html>`;
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export function onlineRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/mooney/charge',
    access: 'admin',
    body: mooneyChargeBody,
    reply: mooneyChargeReply,
    handler: ({ tenant, me, body }) => online.charge(app.deps, tenant, me, body.mid),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/payments/return',
    access: 'public',
    reply: RAW_REPLY,
    async handler({ tenant, req, reply }) {
      const r = await online.settle(app.deps, tenant, checkoutQuery(req.query));
      return reply.redirect(r.ok ? withNotice(r.goto) : `/m/failure?checkout-reference=${encodeURIComponent(r.reference)}`, 303);
    },
  });
  // Paytrail calls back with GET; POST is the contract's. Either way the same signed query.
  for (const method of ['GET', 'POST'] as const) {
    route(app, {
      method,
      url: '/api/1/payments/callback',
      access: 'public',
      csrf: false,
      reply: callbackReply,
      handler: async ({ tenant, req }) => ({ ok: (await online.settle(app.deps, tenant, checkoutQuery(req.query))).ok }),
    });
  }
  route(app, {
    method: 'POST',
    url: '/api/1/balance/buy',
    access: 'admin',
    body: balanceBuyBody,
    reply: balanceBuyReply,
    handler: ({ tenant, me, body }) => balance.buy(app.deps, tenant, me, body.amount),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/balance',
    access: 'admin',
    reply: balanceReply,
    handler: ({ tenant }) => balance.info(app.deps, tenant),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/balance/refer',
    access: 'admin',
    body: referBody,
    reply: referReply,
    handler: ({ tenant, me, body }) => refer(app.deps, tenant, me, body.emails),
  });

  // The built-in test bank (no Paytrail credentials only). Its forms post without a session
  // cookie's CSRF token, as a bank's would; the attempt's token stands in.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const attemptOf = async (tenantId: number, input: Record<string, string>) => {
      const merchant = online.merchantOf(app.deps.config);
      if (!merchant.test) throw new NotFound();
      const attempt = await attemptByStamp(app.deps.db, tenantId, input.stamp ?? '');
      if (!attempt || attempt.provider !== 'test' || input.token !== online.testToken(merchant.secret, attempt.stamp)) throw new NotFound();
      return { merchant, attempt };
    };
    for (const method of ['GET', 'POST'] as const) {
      route(scope, {
        method,
        url: '/api/1/payments/testbank',
        access: 'public',
        csrf: false,
        reply: RAW_REPLY,
        async handler({ tenant, req, reply }) {
          const input = checkoutQuery(method === 'GET' ? req.query : req.body);
          const { attempt } = await attemptOf(tenant.id, input);
          return testBankPage(reply, { stamp: attempt.stamp, token: input.token!, amount: attempt.amount });
        },
      });
    }
    route(scope, {
      method: 'POST',
      url: '/api/1/payments/testbank/done',
      access: 'public',
      csrf: false,
      reply: RAW_REPLY,
      async handler({ tenant, req, reply }) {
        const input = checkoutQuery(req.body);
        const { merchant, attempt } = await attemptOf(tenant.id, input);
        const query = online.testBankQuery(merchant.secret, attempt, input.status === 'ok' ? 'ok' : 'fail');
        // The bank's server-to-server callback first, then the browser's redirect: both the real code paths.
        await online.settle(app.deps, tenant, query);
        return reply.redirect(`/api/1/payments/return?${new URLSearchParams(query).toString()}`, 303);
      },
    });
  });
}
