import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { viewerOf } from '../../http/viewer';
import { settingsSaveBody } from '../../../shared/schemas/settings';
import { clearSessionCookie } from '../../plugins/session';
import * as service from './service';
import { settingsGetReply, settingsSaveReply } from '../../../shared/schemas/settings';

export function settingsRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/settings',
    access: 'member',
    reply: settingsGetReply,
    handler: async ({ tenant, me }) => {
      const all = await service.getSettings(app.deps, tenant);
      return viewerOf(me) === 'admin' ? all : service.forMember(all);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/1/settings/save',
    access: 'admin',
    reply: settingsSaveReply,
    body: settingsSaveBody,
    handler: async ({ reply, tenant, me, body }) => {
      const saved = await service.saveSettings(app.deps, tenant, me, body);
      // The site-wide 2FA switch ended this admin's session too: the cookie goes with it.
      if (saved.sessions_ended_ === true) clearSessionCookie(app, reply);
      return saved;
    },
  });
}
