import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import { viewerOf } from '../../http/viewer';
import { confirmQuery } from '../../../shared/schemas/common';
import { reorderBody } from '../../../shared/schemas/fields';
import { groupMailAccessBody, groupSaveBody, groupsAllQuery } from '../../../shared/schemas/groups';
import * as service from './service';
import { groupReply, groupsReply } from '../../../shared/schemas/groups';
import { okReply } from '../../../shared/schemas/session';

export function groupRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/groups/all',
    access: 'member', // the member form shows group memberships
    reply: groupsReply,
    query: groupsAllQuery,
    handler: ({ tenant, me, query }) =>
      service.listGroups(app.deps, tenant, { details: query.get_details, everyone: query.get_everyone_group, viewer: viewerOf(me) }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/groups/reorder',
    access: 'admin',
    reply: groupsReply,
    body: reorderBody,
    handler: ({ tenant, me, body }) => service.reorderGroups(app.deps, tenant, me, body.order),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/groups/request_group_mail_access',
    access: 'member',
    reply: okReply,
    body: groupMailAccessBody,
    handler: async ({ tenant, me, body }) => {
      await service.requestGroupMailAccess(app.deps, tenant, me, body.email);
      return { ok: true };
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/1/groups/new',
    access: 'admin',
    reply: groupReply,
    body: groupSaveBody,
    handler: ({ tenant, me, body }) => service.createGroup(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/groups/:id',
    access: 'admin',
    reply: groupReply,
    handler: ({ tenant, params }) => service.getGroup(app.deps, tenant, idOf(params)),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/groups/:id',
    access: 'admin',
    reply: groupReply,
    body: groupSaveBody,
    handler: ({ tenant, me, params, body }) => service.updateGroup(app.deps, tenant, me, idOf(params), body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/1/groups/:id',
    access: 'admin',
    reply: okReply,
    query: confirmQuery,
    handler: async ({ tenant, me, params, query }) => {
      await service.deleteGroup(app.deps, tenant, me, idOf(params), { confirmed: query.confirmed });
      return { ok: true };
    },
  });
}
