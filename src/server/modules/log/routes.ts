import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import { logAllBody } from '../../../shared/schemas/log';
import * as service from './service';

// Activity log (spec §7 "Log"). Site admins only: entries carry personal data.
export function logRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/log/all',
    access: 'admin',
    body: logAllBody,
    handler: ({ tenant, body }) => service.listLog(app.deps, tenant, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/log/:id',
    access: 'admin',
    handler: ({ tenant, params }) => service.getEntry(app.deps, tenant, idOf(params)),
  });
}
