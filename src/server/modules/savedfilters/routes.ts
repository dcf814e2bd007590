import type { FastifyInstance } from 'fastify';
import { savedFilterCreateBody, savedFilterRenameBody } from '../../../shared/schemas/savedFilters';
import { idOf, route } from '../../http/route';
import * as service from './service';

export function savedFilterRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/saved_filters/all',
    access: 'board', // the board sees and picks them; only admins change them
    handler: ({ tenant }) => service.list(app.deps, tenant),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/saved_filters/new',
    access: 'admin',
    body: savedFilterCreateBody,
    handler: ({ tenant, me, body }) => service.create(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/saved_filters/:id',
    access: 'admin',
    body: savedFilterRenameBody,
    handler: ({ tenant, me, params, body }) => service.rename(app.deps, tenant, me, idOf(params), body.name),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/1/saved_filters/:id',
    access: 'admin',
    handler: async ({ tenant, me, params }) => {
      await service.remove(app.deps, tenant, me, idOf(params));
      return { ok: true };
    },
  });
}
