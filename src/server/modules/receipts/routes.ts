import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { balanceSendEmailBody, balanceSendEmailReply } from '../../../shared/schemas/payments';
import { sendReceiptEmail } from './mail';

// Receipts by email. Site admins only (receipts are the association's bookkeeping).
export function receiptRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/balance/send_email',
    access: 'admin',
    body: balanceSendEmailBody,
    reply: balanceSendEmailReply,
    handler: ({ tenant, body }) => sendReceiptEmail(app.deps, tenant, body.receipt_id),
  });
}
