import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { bankMandateAddBody, bankMandateRemoveBody, bankMandateReply } from '../../../shared/schemas/bank';
import * as mandate from './mandate';

// The bank mandate (/config/mandate): site admins only.
export function bankMandateRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/invoices/bank/mandate',
    access: 'admin',
    reply: bankMandateReply,
    handler: ({ tenant }) => mandate.mandate(app.deps, tenant),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/mandate/add',
    access: 'admin',
    body: bankMandateAddBody,
    reply: bankMandateReply,
    handler: ({ tenant, me, body }) => mandate.addMandate(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/mandate/remove',
    access: 'admin',
    body: bankMandateRemoveBody,
    reply: bankMandateReply,
    handler: ({ tenant, me, body }) => mandate.removeMandate(app.deps, tenant, me, body.id),
  });
}
