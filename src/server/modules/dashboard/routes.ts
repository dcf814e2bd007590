import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { expenseClaimsDashboardReply, invoicesDashboardReply, membercardsDashboardReply } from '../../../shared/schemas/dashboard';
import * as service from './service';

// The dashboard's summary calls, each under its area's path and with that area's access
// (site admins, as the invoice, member card and expense claim pages).
export function dashboardRoutes(app: FastifyInstance): void {
  route(app, { method: 'GET', url: '/api/1/invoices/dashboard', access: 'admin', reply: invoicesDashboardReply, handler: ({ tenant }) => service.invoices(app.deps, tenant) });
  route(app, { method: 'GET', url: '/api/1/membercard/dashboard', access: 'admin', reply: membercardsDashboardReply, handler: ({ tenant }) => service.membercards(app.deps, tenant) });
  route(app, { method: 'GET', url: '/api/1/expenseclaim/dashboard', access: 'admin', reply: expenseClaimsDashboardReply, handler: ({ tenant }) => service.expenseClaims(app.deps, tenant) });
}
