import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { receiveUpload } from '../../http/upload';
import { BANK_MAX_FILE_BYTES } from '../../../shared/constants';
import { bankApplyBody, bankApplyReply, bankPageBody, bankStatementIdBody, bankStatementsReply, bankUndoReply, bankUploadReply } from '../../../shared/schemas/bank';
import * as bank from './import';

// Bank statements: upload (parse and dry run), apply, undo and the list of statements. Site
// admins only, like all of invoicing.
export function bankImportRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/upload',
    access: 'admin',
    reply: bankUploadReply,
    handler: async ({ req, tenant, me }) => {
      const file = await receiveUpload(app.deps, req, tenant.id, me.id, { rate: 'bank_upload', rateError: 'bank_upload_rate_limited', maxBytes: BANK_MAX_FILE_BYTES, tooLargeKey: 'bank_file_too_large' });
      return bank.upload(app.deps, tenant, me, file.filename, file.bytes);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/apply',
    access: 'admin',
    body: bankApplyBody,
    reply: bankApplyReply,
    handler: ({ tenant, me, body }) => bank.applyReply(app.deps, tenant, me, body.id, body.accept),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/undo',
    access: 'admin',
    body: bankStatementIdBody,
    reply: bankUndoReply,
    handler: ({ tenant, me, body }) => bank.undo(app.deps, tenant, me, body.id),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/invoices/bank/statements',
    access: 'admin',
    body: bankPageBody,
    reply: bankStatementsReply,
    handler: ({ tenant, body }) => bank.statements(app.deps, tenant, body.page),
  });
}
