import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../shared/constants';
import * as sessions from '../modules/session/service';
import { secureRequest } from './secure';

// Loads the server-side session named by the signed, HttpOnly session cookie.
export function sessionPlugin(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    req.auth = null;
    const raw = req.cookies[SESSION_COOKIE];
    if (!raw || !req.url.startsWith('/api/')) return;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    req.auth = await sessions.resolve(app.deps, req.tenant, unsigned.value);
  });
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureRequest(reply.request),
    signed: true,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureRequest(reply.request) });
}
