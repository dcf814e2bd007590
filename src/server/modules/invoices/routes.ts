import type { FastifyInstance } from 'fastify';
import { idOf, route } from '../../http/route';
import { supersearchBody } from '../../../shared/schemas/messages';
import {
  invoiceGetQuery,
  invoicePreviewBody,
  invoicePreviewReply,
  invoiceReply,
  invoiceSaveBody,
  invoiceSaveReply,
  invoiceSearchReply,
  invoicesAllQuery,
  invoicesAllReply,
} from '../../../shared/schemas/invoices';
import * as read from './read';
import * as service from './service';

// Invoices: site admins only (invoices go out in the association's name and may cost money).
export function invoiceRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/preview',
    access: 'admin',
    body: invoicePreviewBody,
    reply: invoicePreviewReply,
    handler: ({ tenant, body }) => service.preview(app.deps, tenant, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/save',
    access: 'admin',
    body: invoiceSaveBody,
    reply: invoiceSaveReply,
    handler: ({ tenant, me, body }) => service.save(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/invoices/all',
    access: 'admin',
    query: invoicesAllQuery,
    reply: invoicesAllReply,
    handler: ({ tenant, query }) => read.all(app.deps, tenant, query.page),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/invoices/:id',
    access: 'admin',
    query: invoiceGetQuery,
    reply: invoiceReply,
    handler: ({ tenant, params, query }) => read.get(app.deps, tenant, idOf(params), query),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/supersearch',
    access: 'admin',
    body: supersearchBody,
    reply: invoiceSearchReply,
    handler: ({ tenant, body }) => read.supersearch(app.deps, tenant, body.term),
  });
}
