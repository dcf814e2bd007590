import type { FastifyInstance } from 'fastify';
import { Forbidden, SessionRequired } from '../lib/errors';
import type { Access } from '../http/types';
import { hasRole } from '../../shared/members/roles';
import { memberByLink, linkTokenOf } from '../http/selfLink';

/** Every API route with its guard; the cross-tenant test checks each one is covered. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

// Role guard. Every /api route must declare its access level; a route without one
// fails at start-up, so no endpoint can be left open by forgetting it.
export function guardPlugin(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (opts) => {
    const url = opts.url ?? opts.path;
    if (!url.startsWith('/api/')) return;
    const access = opts.config?.access;
    if (!access) throw new Error(`Route ${String(opts.method)} ${url} has no access level`);
    for (const method of [opts.method].flat()) if (method !== 'HEAD') routes.push({ method, url, access });
  });
  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'self') {
      // A signed-in member as on 'member' routes; otherwise only the header's personal link.
      if (req.auth) return;
      const token = linkTokenOf(req);
      if (token === null) throw new SessionRequired();
      req.linkMember = await memberByLink(app.deps, req.tenant, token, req.ip);
      return;
    }
    if (!req.auth) throw new SessionRequired();
    if (!hasRole(req.auth.member, access)) throw new Forbidden();
  });
}
