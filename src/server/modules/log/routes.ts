import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import { logAllBody } from '../../../shared/schemas/log';
import * as service from './service';
import { logAllReply, logEntry } from '../../../shared/schemas/log';
import { receiptLogRoutes } from './receipt-routes';

// Activity log. Site admins only: entries carry personal data.
export function logRoutes(app: FastifyInstance): void {
  receiptLogRoutes(app);
  route(app, {
    method: 'POST',
    url: '/api/1/log/all',
    access: 'admin',
    reply: logAllReply,
    body: logAllBody,
    handler: ({ tenant, body }) => service.listLog(app.deps, tenant, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/log/:id',
    access: 'admin',
    reply: logEntry,
    handler: ({ tenant, params }) => service.getEntry(app.deps, tenant, idOf(params)),
  });
}
