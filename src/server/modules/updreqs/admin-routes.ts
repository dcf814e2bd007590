import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import { announcementCancelReply, announcementGetQuery, messageIdBody, messagePreviewReply, supersearchBody } from '../../../shared/schemas/messages';
import { updreqPreviewBody, updreqReply, updreqSaveBody, updreqSaveReply, updreqsAllReply, updreqSearchReply } from '../../../shared/schemas/updreqs';
import * as service from './admin-service';

// Update requests: site admins only (messages go out in the association's name and cost money).
// `/updreqs/:id` answers only numeric ids (anything else 404).
export function updreqAdminRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/preview',
    access: 'admin',
    body: updreqPreviewBody,
    reply: messagePreviewReply,
    handler: ({ tenant, body }) => service.preview(app.deps, tenant, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/save',
    access: 'admin',
    body: updreqSaveBody,
    reply: updreqSaveReply,
    handler: ({ tenant, me, body }) => service.save(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/updreqs/all',
    access: 'admin',
    query: announcementGetQuery,
    reply: updreqsAllReply,
    handler: ({ tenant, query }) => service.all(app.deps, tenant, query.page),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/updreqs/:id',
    access: 'admin',
    query: announcementGetQuery,
    reply: updreqReply,
    handler: ({ tenant, params, query }) => service.get(app.deps, tenant, idOf(params), query.page),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/supersearch',
    access: 'admin',
    body: supersearchBody,
    reply: updreqSearchReply,
    handler: ({ tenant, body }) => service.supersearch(app.deps, tenant, body.term),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/cancel',
    access: 'admin',
    body: messageIdBody,
    reply: announcementCancelReply,
    handler: ({ tenant, me, body }) => service.cancel(app.deps, tenant, me, body.id),
  });
}
