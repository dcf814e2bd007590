import type { FastifyInstance } from 'fastify';
import { adminIdBody } from '../../../shared/schemas/security';
import { route } from '../../http/route';
import * as service from './service';
import { okReply } from '../../../shared/schemas/session';
import { resetCodeSentReply, sessionsClosedReply, siteAdminsReply } from '../../../shared/schemas/security';

// Site admins looking after each other's 2FA and sessions (calls under members and settings).
export function securityRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/settings/get_site_admins',
    access: 'admin',
    reply: siteAdminsReply,
    handler: ({ tenant, me }) => service.siteAdmins(app.deps, tenant, me),
  });

  route(app, {
    method: 'POST',
    url: '/api/1/members/send_mfa_reset_code',
    access: 'admin',
    reply: resetCodeSentReply,
    body: adminIdBody,
    handler: async ({ tenant, me, body }) => ({ ok: true, ...(await service.sendResetCode(app.deps, tenant, me, body.id)) }),
  });

  route(app, {
    method: 'POST',
    url: '/api/1/members/clear_mfa',
    access: 'admin',
    reply: okReply,
    body: adminIdBody,
    handler: async ({ tenant, me, body }) => {
      await service.clearMfa(app.deps, tenant, me, body.id);
      return { ok: true };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/1/members/close_site_admin_sessions',
    access: 'admin',
    reply: sessionsClosedReply,
    body: adminIdBody,
    handler: async ({ req, tenant, me, body }) => ({
      ok: true,
      closed: await service.closeAdminSessions(app.deps, tenant, me, req.auth!.sessionId, body.id),
    }),
  });
}
