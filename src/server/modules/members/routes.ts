import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route';
import * as service from './service';

export function memberRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/members/get_stats',
    access: 'board',
    // Filters arrive with the members issue; today the stats cover the whole register.
    body: z.object({}).passthrough(),
    handler: ({ tenant }) => service.getStats(app.deps, tenant),
  });
}
