import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import { announcementCancelReply, announcementGetQuery, messageIdBody, messagePreviewReply } from '../../../shared/schemas/messages';
import {
  membercardKeyReply,
  membercardPreviewBody,
  membercardReply,
  membercardSaveBody,
  membercardSaveReply,
  membercardsAllReply,
  publicCardReply,
} from '../../../shared/schemas/membercard';
import { publicCard, publicKey } from './public-card';
import * as service from './service';

// Member cards. Sending them: site admins (messages cost money). The card page's data and the
// signing key: public (the card's holder has only the link; a door volunteer only the page).
export function membercardRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/membercard/key',
    access: 'public',
    reply: membercardKeyReply,
    handler: async ({ tenant, reply }) => {
      // Stable for the association's life; a day's cache spares the verify page's refreshes.
      void reply.header('cache-control', 'public, max-age=86400');
      return publicKey(app.deps, tenant);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/1/membercard/card/:token',
    access: 'public',
    reply: publicCardReply,
    handler: async ({ tenant, params, req, reply }) => {
      // The card shows personal data and its live status: never kept by a cache.
      void reply.header('cache-control', 'no-store');
      return publicCard(app.deps, tenant, params.token ?? '', req.ip);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/1/membercard/preview',
    access: 'admin',
    body: membercardPreviewBody,
    reply: messagePreviewReply,
    handler: ({ tenant, body }) => service.preview(app.deps, tenant, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/membercard/save',
    access: 'admin',
    body: membercardSaveBody,
    reply: membercardSaveReply,
    handler: ({ tenant, me, body }) => service.save(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/membercard/all',
    access: 'admin',
    query: announcementGetQuery,
    reply: membercardsAllReply,
    handler: ({ tenant, query }) => service.all(app.deps, tenant, query.page),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/membercard/cancel',
    access: 'admin',
    body: messageIdBody,
    reply: announcementCancelReply,
    handler: ({ tenant, me, body }) => service.cancel(app.deps, tenant, me, body.id),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/membercard/:id',
    access: 'admin',
    query: announcementGetQuery,
    reply: membercardReply,
    handler: ({ tenant, params, query }) => service.get(app.deps, tenant, idOf(params), query.page),
  });
}
