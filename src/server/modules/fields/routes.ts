import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import { viewerOf } from '../../http/viewer';
import { confirmQuery } from '../../../shared/schemas/common';
import { fieldSaveBody, fieldsAllQuery, reorderBody } from '../../../shared/schemas/fields';
import * as service from './service';
import { fieldDetailsReply, fieldReply, fieldsReply } from '../../../shared/schemas/fields';
import { okReply } from '../../../shared/schemas/session';

// Reading the field list is open to every logged-in member (it shapes the self-edit form);
// changing fields is for site admins only.
export function fieldRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/fields/all',
    access: 'member',
    reply: fieldsReply,
    query: fieldsAllQuery,
    handler: ({ tenant, me, query }) => service.listFields(app.deps, tenant, { allHeadings: query.all_headings, viewer: viewerOf(me) }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/fields/reorder',
    access: 'admin',
    reply: fieldsReply,
    body: reorderBody,
    handler: ({ tenant, me, body }) => service.reorderFields(app.deps, tenant, me, body.order),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/fields/new',
    access: 'admin',
    reply: fieldReply,
    body: fieldSaveBody,
    handler: ({ tenant, me, body }) => service.createField(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/fields/:id',
    access: 'admin',
    reply: fieldDetailsReply,
    handler: ({ tenant, params }) => service.getField(app.deps, tenant, idOf(params)),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/fields/:id',
    access: 'admin',
    reply: fieldReply,
    body: fieldSaveBody,
    handler: ({ tenant, me, body, params }) => service.updateField(app.deps, tenant, me, idOf(params), body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/1/fields/:id',
    access: 'admin',
    reply: okReply,
    query: confirmQuery,
    handler: async ({ tenant, me, params, query }) => {
      await service.deleteField(app.deps, tenant, me, idOf(params), { confirmed: query.confirmed });
      return { ok: true };
    },
  });
}
