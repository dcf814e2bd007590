import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { ValidationError } from '../../lib/errors';
import { IMPORT_MAX_FILE_BYTES, UPLOADS_MAX_PER_ASSOCIATION, UPLOADS_MAX_PER_MEMBER } from '../../../shared/constants';
import { takeRate } from '../../lib/rateLimit';
import * as service from './service';
import {
  importBody,
  importResultReply,
  importsBody,
  importsReply,
  markUndoneBody,
  markUndoneReply,
  sheetMetadataBody,
  sheetMetadataReply,
  uploadReply,
} from '../../../shared/schemas/importer';

export function importerRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/importer/upload',
    access: 'admin',
    reply: uploadReply,
    handler: async ({ req, tenant, me }) => {
      // Parsing a spreadsheet costs the whole server: bounded per admin and per association.
      await takeRate(
        app.deps,
        tenant.id,
        [
          { kind: 'upload_member', key: String(me.id), max: UPLOADS_MAX_PER_MEMBER },
          { kind: 'upload_tenant', key: 'all', max: UPLOADS_MAX_PER_ASSOCIATION },
        ],
        'importer_upload_rate_limited',
      );
      let file: { filename: string; toBuffer(): Promise<Buffer> } | undefined;
      let bytes: Buffer;
      try {
        file = await req.file({ limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1 } });
        if (!file) throw new Error('no file');
        bytes = await file.toBuffer();
      } catch {
        // Not multipart, no file, or over 10 MB: one upload message for all three.
        throw ValidationError.field('file', 'upload_error');
      }
      return service.upload(app.deps, tenant, me, file.filename, bytes);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/1/importer/get_sheet_metadata',
    access: 'admin',
    reply: sheetMetadataReply,
    body: sheetMetadataBody,
    handler: ({ tenant, body }) => service.sheetMetadata(app.deps, tenant, body.id, body.sheet),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/importer/importer',
    access: 'admin',
    reply: importResultReply,
    body: importBody,
    handler: ({ tenant, me, body }) =>
      service.runImport(app.deps, tenant, me, {
        id: body.id,
        sheet: body.sheet,
        mapping: body.mapping,
        keyField: body.key_field,
        dryRun: body.dry_run,
        skipErrorRows: body.skip_error_rows,
        confirmRows: body.confirm_rows,
      }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/importer/all',
    access: 'admin',
    reply: importsReply,
    body: importsBody,
    handler: ({ tenant, body }) => service.listImports(app.deps, tenant, body.page),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/importer/mark_undone',
    access: 'admin',
    reply: markUndoneReply,
    body: markUndoneBody,
    handler: ({ tenant, me, body }) => service.markUndone(app.deps, tenant, me, body.id, body.keep_changed),
  });
}
