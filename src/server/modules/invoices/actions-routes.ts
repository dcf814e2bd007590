import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import {
  addActionBody,
  addActionReply,
  bulkMarkBody,
  bulkMarkReply,
  bulkUndoBody,
  bulkUndoReply,
  creditInvoiceBody,
  creditInvoiceReply,
  fakeBankRowBody,
  instanceActionsReply,
  instanceIdBody,
  reminderBody,
  reminderPreviewReply,
  reminderSendReply,
} from '../../../shared/schemas/invoices';
import * as actions from './actions';
import * as bulk from './bulk';
import * as reminders from './reminders';

// Invoice actions, credits, bulk marks and reminders: site admins only, like all of invoicing.
export function invoiceActionRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/add_action',
    access: 'admin',
    body: addActionBody,
    reply: addActionReply,
    handler: ({ tenant, me, body }) => actions.addAction(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/get_invoice_instance_actions',
    access: 'admin',
    body: instanceIdBody,
    reply: instanceActionsReply,
    handler: ({ tenant, body }) => actions.instanceActions(app.deps, tenant, body.instance_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/add_fake_bank_row',
    access: 'admin',
    body: fakeBankRowBody,
    reply: addActionReply,
    handler: ({ tenant, me, body }) => actions.addFakeBankRow(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/get_credit_invoice',
    access: 'admin',
    body: creditInvoiceBody,
    reply: creditInvoiceReply,
    handler: ({ tenant, body }) => actions.creditInvoice(app.deps, tenant, body.iinumber),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bulk_mark',
    access: 'admin',
    body: bulkMarkBody,
    reply: bulkMarkReply,
    handler: ({ tenant, me, body }) => bulk.bulkMark(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bulk_undo',
    access: 'admin',
    body: bulkUndoBody,
    reply: bulkUndoReply,
    handler: ({ tenant, me, body }) => bulk.bulkUndo(app.deps, tenant, me, body.batch_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/reminder_preview',
    access: 'admin',
    body: reminderBody,
    reply: reminderPreviewReply,
    handler: ({ tenant, body }) => reminders.preview(app.deps, tenant, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/reminder',
    access: 'admin',
    body: reminderBody,
    reply: reminderSendReply,
    handler: ({ tenant, me, body }) => reminders.send(app.deps, tenant, me, body),
  });
}
