import type { FastifyInstance } from 'fastify';
import { resetCheckBody, resetPasswordBody, resetRequestBody } from '../../../shared/schemas/passwordReset';
import { route } from '../../http/route';
import * as service from './service';
import { okReply } from '../../../shared/schemas/session';

// Forgotten password: public, no session; CSRF still applies.
export function passwordResetRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/session/reset_request',
    access: 'public',
    reply: okReply,
    body: resetRequestBody,
    handler: async ({ req, body, tenant }) => {
      // The mail goes out after the reply: the same answer, in the same time, for any address.
      await service.requestReset(app.deps, tenant, body.email, req.ip, (err) => req.log.error({ err }, 'password reset mail failed'));
      return { ok: true };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/reset_check',
    access: 'public',
    reply: okReply,
    body: resetCheckBody,
    handler: async ({ req, body, tenant }) => {
      await service.checkLink(app.deps, tenant, body.token, req.ip);
      return { ok: true };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/reset_password',
    access: 'public',
    reply: okReply,
    body: resetPasswordBody,
    handler: async ({ req, body, tenant }) => {
      await service.resetPassword(app.deps, tenant, body, req.ip);
      return { ok: true };
    },
  });
}
