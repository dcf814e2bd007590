import type { FastifyInstance } from 'fastify';
import { idOf, RAW_REPLY, route } from '../../http/route';
import { okReply } from '../../../shared/schemas/session';
import { downloadDataExport, requestOwnDataExport } from './data-export-service';

// A person's data export (GDPR Art. 15): site admins download any member's (also a removed
// one or an application) with the session cookie like other downloads; a member asks for
// their own copy from their edit page (signed in or by their personal link: access 'self').
export function dataExportRoutes(app: FastifyInstance): void {
  for (const format of ['json', 'pdf'] as const) {
    route(app, {
      method: 'GET',
      url: `/api/1/members/:id/data_export.${format}`,
      access: 'admin',
      reply: RAW_REPLY,
      handler: async ({ tenant, me, params, reply }) => {
        const file = await downloadDataExport(app.deps, tenant, me, idOf(params), format);
        return reply.header('content-type', file.type).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.content);
      },
    });
  }
  route(app, {
    method: 'POST',
    url: '/api/1/members/request_data_export',
    access: 'self',
    reply: okReply,
    handler: async ({ req, tenant, me }) => {
      await requestOwnDataExport(app.deps, tenant, me, (err) => req.log.error({ err }, 'data export mail failed'));
      return { ok: true };
    },
  });
}
