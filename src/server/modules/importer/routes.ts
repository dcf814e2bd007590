import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { receiveUpload } from '../../http/upload';
import { IMPORT_MAX_FILE_BYTES } from '../../../shared/constants';
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
      // Not multipart, no file, or over 10 MB: one upload message for all three.
      const file = await receiveUpload(app.deps, req, tenant.id, me.id, { rate: 'upload', rateError: 'importer_upload_rate_limited', maxBytes: IMPORT_MAX_FILE_BYTES });
      return service.upload(app.deps, tenant, me, file.filename, file.bytes);
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
