import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/ping';
import { route } from '../../http/route';

export function healthRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/health',
    access: 'public',
    handler: async () => {
      await ping(app.deps.db);
      return { ok: true };
    },
  });
}
