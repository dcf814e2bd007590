import type { FastifyInstance } from 'fastify';
import * as tenants from '../modules/tenants/repo';
import { NotFound } from '../lib/errors';

/** "Esimerkki.Localhost:3000" → "esimerkki.localhost"; IPv6 literals keep their brackets. */
export function hostnameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '');
}

// Resolves the association from the Host header, falling back to the default tenant,
// before anything else runs: every later step has request.tenant.
export function tenantPlugin(app: FastifyInstance): void {
  app.decorateRequest('tenant', null as never);
  app.addHook('onRequest', async (req) => {
    const { db } = app.deps;
    const tenant = (await tenants.findByHostname(db, hostnameOf(req.headers.host))) ?? (await tenants.findDefault(db));
    if (!tenant) throw new NotFound();
    req.tenant = tenant;
  });
}
