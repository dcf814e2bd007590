import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route';
import { NotFound } from '../../lib/errors';
import { mooneyBalancePayBody, mooneyPaidReply, mooneyReply, mooneySetMethodBody } from '../../../shared/schemas/messages';
import * as service from './mooney';

const uuid = z.string().uuid();

/** A payment item's id from the path; anything but a UUID is simply not found. */
function midOf(params: Record<string, string>): string {
  const r = uuid.safeParse(params.id);
  if (!r.success) throw new NotFound();
  return r.data;
}

// Payment items: site admins pay for the association's messages.
export function mooneyRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/mooney/:id',
    access: 'admin',
    reply: mooneyReply,
    handler: ({ tenant, params }) => service.get(app.deps, tenant, midOf(params)),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/mooney/set_method',
    access: 'admin',
    body: mooneySetMethodBody,
    reply: mooneyReply,
    handler: ({ tenant, body }) => service.setMethod(app.deps, tenant, body.mid, body.method),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/mooney/balance_pay',
    access: 'admin',
    body: mooneyBalancePayBody,
    reply: mooneyPaidReply,
    handler: ({ tenant, me, body }) => service.balancePay(app.deps, tenant, me, body.balance_mid),
  });
}
