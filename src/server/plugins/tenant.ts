import type { FastifyInstance } from 'fastify';
import * as tenants from '../modules/tenants/repo';
import type { Db } from '../db/kysely';
import type { Tenant } from '../db/schema';

/** "Esimerkki.Localhost:3000" → "esimerkki.localhost"; IPv6 literals keep their brackets. */
export function hostnameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '');
}

/**
 * The association for a Host no association names: with only one association, that one
 * (the one-command local start works under any name); with several, only the one
 * SEURA_DEFAULT_HOST names, else none, so a stray or forged Host never lands in the
 * demo or first association.
 */
async function fallbackTenant(db: Db, defaultHost: string | null): Promise<Tenant | undefined> {
  const some = await tenants.firstTwo(db);
  if (some.length === 1) return some[0];
  if (defaultHost === null) return undefined;
  // The demo association of the first start has no hostname of its own: a SEURA_DEFAULT_HOST
  // that no association carries means that one.
  return (await tenants.findByHostname(db, defaultHost)) ?? (await tenants.findDefault(db));
}

// Resolves the association from the Host header before anything else runs: every later
// step has request.tenant. An unknown host gets a plain 404 page and nothing else runs.
export function tenantPlugin(app: FastifyInstance): void {
  app.decorateRequest('tenant', null as never);
  app.addHook('onRequest', async (req, reply) => {
    const { db, config } = app.deps;
    const tenant = (await tenants.findByHostname(db, hostnameOf(req.headers.host))) ?? (await fallbackTenant(db, config.defaultHost));
    if (!tenant) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('404 – Tällä osoitteella ei ole yhdistystä. / No association at this address.\n');
    }
    req.tenant = tenant;
  });
}
