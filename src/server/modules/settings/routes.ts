import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { settingsSaveBody } from '../../../shared/schemas/settings';
import * as service from './service';

export function settingsRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/settings',
    access: 'member',
    handler: ({ tenant }) => service.getSettings(app.deps, tenant),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/settings/save',
    access: 'admin',
    body: settingsSaveBody,
    handler: ({ tenant, me, body }) => service.saveSettings(app.deps, tenant, me, body),
  });
}
