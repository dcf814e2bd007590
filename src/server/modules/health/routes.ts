import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/ping';
import { route } from '../../http/route';
import { okReply } from '../../../shared/schemas/session';

export function healthRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/health',
    access: 'public',
    reply: okReply,
    handler: async () => {
      await ping(app.deps.db);
      return { ok: true };
    },
  });
}
