import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as service from './service';

export function settingsRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/settings',
    access: 'member',
    handler: ({ tenant }) => service.getSettings(app.deps, tenant),
  });
}
