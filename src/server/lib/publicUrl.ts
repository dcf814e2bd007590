import type { Config } from '../config';
import type { Tenant } from '../db/schema';

/**
 * The absolute address of an association for links in emails, from configuration only:
 * never from the request's Host header, which a client sets freely (a reset link must not
 * be steerable to another site). An association with its own hostname gets that host with
 * PUBLIC_URL's scheme and port; otherwise PUBLIC_URL, or the address the server listens on.
 */
export function publicBase(config: Config, tenant: Pick<Tenant, 'hostname'>): string {
  const pub = config.publicUrl ? new URL(config.publicUrl) : null;
  if (tenant.hostname) {
    const protocol = pub?.protocol ?? 'http:';
    const port = pub ? pub.port : config.port === 80 ? '' : String(config.port);
    return `${protocol}//${tenant.hostname}${port ? `:${port}` : ''}`;
  }
  if (pub) return `${pub.origin}${pub.pathname.replace(/\/+$/, '')}`;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}
