import type { Config } from '../../config';
import type { Tenant } from '../../db/schema';

/** Sender of system mail: the association's name at a no-reply address of its own host. */
export function systemFrom(config: Config, tenant: Pick<Tenant, 'name' | 'hostname'>): string {
  const host = tenant.hostname ?? (config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost');
  const name = tenant.name.replace(/["\\]/g, '');
  return `"${name}" <noreply@${host}>`;
}
