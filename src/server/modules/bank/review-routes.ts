import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { bankAssignBody, bankAssignReply, bankDismissBody, bankOkReply, bankPageBody, bankUnmatchedReply } from '../../../shared/schemas/bank';
import * as review from './review';

// The review of bank payments that were not booked: site admins only, like all of invoicing.
export function bankReviewRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/unmatched',
    access: 'admin',
    body: bankPageBody,
    reply: bankUnmatchedReply,
    handler: ({ tenant, body }) => review.unmatched(app.deps, tenant, body.page),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/assign',
    access: 'admin',
    body: bankAssignBody,
    reply: bankAssignReply,
    handler: ({ tenant, me, body }) => review.assign(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/dismiss',
    access: 'admin',
    body: bankDismissBody,
    reply: bankOkReply,
    handler: ({ tenant, me, body }) => review.dismiss(app.deps, tenant, me, body),
  });
}
