import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import {
  announcementCancelReply,
  announcementGetQuery,
  announcementReply,
  announcementSaveBody,
  announcementSaveReply,
  announcementSearchReply,
  announcementsAllQuery,
  announcementsAllReply,
  messageIdBody,
  messagePreviewBody,
  messagePreviewReply,
  supersearchBody,
} from '../../../shared/schemas/messages';
import * as service from './service';

// Announcements: site admins only (messages go out in the association's name and cost money).
export function announcementRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/announcements/preview',
    access: 'admin',
    body: messagePreviewBody,
    reply: messagePreviewReply,
    handler: ({ tenant, body }) => service.preview(app.deps, tenant, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/announcements/save',
    access: 'admin',
    body: announcementSaveBody,
    reply: announcementSaveReply,
    handler: ({ tenant, me, body }) => service.save(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/announcements/all',
    access: 'admin',
    query: announcementsAllQuery,
    reply: announcementsAllReply,
    handler: ({ tenant, query }) => service.all(app.deps, tenant, query.page),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/announcements/:id',
    access: 'admin',
    query: announcementGetQuery,
    reply: announcementReply,
    handler: ({ tenant, params, query }) => service.get(app.deps, tenant, idOf(params), query.page),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/announcements/supersearch',
    access: 'admin',
    body: supersearchBody,
    reply: announcementSearchReply,
    handler: ({ tenant, body }) => service.supersearch(app.deps, tenant, body.term),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/announcements/cancel',
    access: 'admin',
    body: messageIdBody,
    reply: announcementCancelReply,
    handler: ({ tenant, me, body }) => service.cancel(app.deps, tenant, me, body.id),
  });
}
