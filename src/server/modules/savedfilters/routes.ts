import type { FastifyInstance } from 'fastify';
import { savedFilterCreateBody, savedFilterRenameBody } from '../../../shared/schemas/savedFilters';
import { idOf, route } from '../../http/route';
import * as service from './service';
import { savedFilterReply, savedFiltersReply } from '../../../shared/schemas/savedFilters';
import { okReply } from '../../../shared/schemas/session';

export function savedFilterRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/saved_filters/all',
    access: 'board', // the board sees and picks them; only admins change them
    reply: savedFiltersReply,
    handler: ({ tenant }) => service.list(app.deps, tenant),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/saved_filters/new',
    access: 'admin',
    reply: savedFilterReply,
    body: savedFilterCreateBody,
    handler: ({ tenant, me, body }) => service.create(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/saved_filters/:id',
    access: 'admin',
    reply: savedFilterReply,
    body: savedFilterRenameBody,
    handler: ({ tenant, me, params, body }) => service.rename(app.deps, tenant, me, idOf(params), body.name),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/1/saved_filters/:id',
    access: 'admin',
    reply: okReply,
    handler: async ({ tenant, me, params }) => {
      await service.remove(app.deps, tenant, me, idOf(params));
      return { ok: true };
    },
  });
}
