import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/constants';
import { Forbidden } from '../lib/errors';
import { secureRequest } from './secure';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

// Double-submit token: a readable `csrftoken` cookie the client echoes in
// X-CSRFToken. The token carries an HMAC with the server secret, so a cookie planted
// by a sibling subdomain (another tenant's host) is not accepted.
function sign(secret: string, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');
}

export function newCsrfToken(secret: string): string {
  const nonce = crypto.randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string): boolean {
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export function csrfPlugin(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const secret = app.deps.config.sessionSecret;
    const cookie = req.cookies[CSRF_COOKIE];
    const cookieOk = cookie !== undefined && isValidCsrfToken(secret, cookie);
    if (!cookieOk) {
      reply.setCookie(CSRF_COOKIE, newCsrfToken(secret), {
        path: '/',
        httpOnly: false, // the web client must read it
        sameSite: 'lax',
        secure: secureRequest(req),
      });
    }
    if (SAFE.has(req.method) || req.routeOptions.config?.csrf === false) return;
    const header = req.headers[CSRF_HEADER];
    if (!cookieOk || typeof header !== 'string' || header !== cookie) throw new Forbidden();
  });
}
