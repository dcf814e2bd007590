import type { FastifyInstance } from 'fastify';
import { loginBody, setPersistentDataBody } from '../../../shared/schemas/session';
import { route } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session';
import * as service from './service';

export function sessionRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/session/login',
    access: 'public',
    body: loginBody,
    handler: async ({ req, reply, body, tenant }) => {
      const { token, member } = await service.login(app.deps, tenant, body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      setSessionCookie(app, reply, token);
      return service.present(app.deps, tenant, member);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/logout',
    access: 'public', // logging out without a session is harmless and must not bounce to login
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
    handler: ({ tenant, me }) => service.present(app.deps, tenant, me),
  });

  route(app, {
    method: 'POST',
    url: '/api/1/session/set_persistent_data',
    access: 'member',
    body: setPersistentDataBody,
    handler: async ({ tenant, me, body }) => {
      await service.setPersistentData(app.deps, tenant, me, body.key, body.val);
      return { ok: true };
    },
  });
}
