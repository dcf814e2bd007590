import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginBody, setPersistentDataBody } from '../../../shared/schemas/session';
import { mfaChallengeBody, mfaConfirmBody, mfaResetBody, mfaVerifyBody } from '../../../shared/schemas/security';
import { route } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session';
import * as security from '../security/service';
import * as service from './service';
import { okReply, sessionReply } from '../../../shared/schemas/session';
import { loginReply, mfaChallengeReply, mfaEnrollmentReply } from '../../../shared/schemas/security';

const clientOf = (req: FastifyRequest): service.ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });

export function sessionRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/session/login',
    access: 'public',
    reply: loginReply,
    body: loginBody,
    handler: async ({ req, reply, body, tenant }) => {
      const result = await service.login(app.deps, tenant, body, clientOf(req));
      // A second factor is needed: no session yet, only the challenge for the next step.
      if ('mfa' in result) return result.mfa;
      setSessionCookie(app, reply, result.token);
      return service.present(app.deps, tenant, result.member);
    },
  });

  // The steps between password and session. Public: there is no session yet;
  // the challenge token from login is what identifies the admin, and CSRF still applies.
  route(app, {
    method: 'POST',
    url: '/api/1/session/mfa_verify',
    access: 'public',
    reply: sessionReply,
    body: mfaVerifyBody,
    handler: async ({ req, reply, body, tenant }) => {
      const { member } = await security.verifyLogin(app.deps, tenant, body.challenge, body.code, req.ip);
      const token = await service.startSession(app.deps, tenant, member, clientOf(req), [{ field: 'mfa', new: true }]);
      setSessionCookie(app, reply, token);
      return service.present(app.deps, tenant, member);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/mfa_reset',
    access: 'public',
    reply: mfaChallengeReply,
    body: mfaResetBody,
    handler: async ({ req, body, tenant }) => {
      await security.useResetCode(app.deps, tenant, body.challenge, body.reset_code, req.ip);
      return { mfa_required: 'enroll', challenge: body.challenge };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/mfa_enroll',
    access: 'public',
    reply: mfaEnrollmentReply,
    body: mfaChallengeBody,
    handler: ({ body, tenant }) => security.enrollForLogin(app.deps, tenant, body.challenge),
  });

  // The signed-in admin's own authenticator.
  route(app, {
    method: 'POST',
    url: '/api/1/session/mfa_setup',
    access: 'admin',
    reply: mfaEnrollmentReply,
    handler: ({ tenant, me }) => security.setupOwn(app.deps, tenant, me),
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/mfa_confirm',
    access: 'admin',
    reply: okReply,
    body: mfaConfirmBody,
    handler: async ({ req, tenant, me, body }) => {
      await security.confirmOwn(app.deps, tenant, me, body.code, req.ip);
      return { ok: true };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/logout',
    access: 'public', // logging out without a session is harmless and must not bounce to login
    reply: okReply,
    handler: async ({ req, reply, tenant }) => {
      if (req.auth) await service.logout(app.deps, tenant, req.auth.sessionId, req.auth.member.id);
      clearSessionCookie(app, reply);
      return { ok: true };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/1/session/get',
    access: 'member',
    reply: sessionReply,
    handler: ({ tenant, me }) => service.present(app.deps, tenant, me),
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/set_persistent_data',
    access: 'member',
    reply: okReply,
    body: setPersistentDataBody,
    handler: async ({ tenant, me, body }) => {
      await service.setPersistentData(app.deps, tenant, me, body.key, body.val);
      return { ok: true };
    },
  });
}
