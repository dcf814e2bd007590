import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { ValidationError } from '../../lib/errors';
import { takeRate } from '../../lib/rateLimit';
import { BANK_MAX_FILE_BYTES, UPLOADS_MAX_PER_ASSOCIATION, UPLOADS_MAX_PER_MEMBER } from '../../../shared/constants';
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
      // Parsing and matching a large file costs the whole server: bounded as the importer's uploads are.
      await takeRate(
        app.deps,
        tenant.id,
        [
          { kind: 'bank_upload_member', key: String(me.id), max: UPLOADS_MAX_PER_MEMBER },
          { kind: 'bank_upload_tenant', key: 'all', max: UPLOADS_MAX_PER_ASSOCIATION },
        ],
        'bank_upload_rate_limited',
      );
      let file: { filename: string; toBuffer(): Promise<Buffer> } | undefined;
      let bytes: Buffer;
      try {
        file = await req.file({ limits: { fileSize: BANK_MAX_FILE_BYTES, files: 1 } });
        if (!file) throw new Error('no file');
        bytes = await file.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new ValidationError({ file: ['bank_file_too_large'] }, { max: String(Math.floor(BANK_MAX_FILE_BYTES / (1024 * 1024))) });
        }
        // Not multipart, or no file: the upload message.
        throw ValidationError.field('file', 'upload_error');
      }
      return bank.upload(app.deps, tenant, me, file.filename, bytes);
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
