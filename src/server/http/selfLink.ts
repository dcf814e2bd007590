import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import type { Member, Tenant } from '../db/schema';
import { EDIT_LINK_HEADER, EDIT_LINK_USES_MAX_PER_IP } from '../../shared/constants';
import { ValidationError } from '../lib/errors';
import { takeRate } from '../lib/rateLimit';
import { resolveLink } from '../modules/updreqs/links-repo';

// Access 'self' without a session: the member's personal edit link (/edit_me_h/{token}) sent
// in the x-edit-link header opens the routes that declare 'self', and nothing else. Only a
// header: a token in a URL would land in access logs and the browser history.

/** The header's token, or null when the request carries none. */
export function linkTokenOf(req: FastifyRequest): string | null {
  const raw = req.headers[EDIT_LINK_HEADER];
  return typeof raw === 'string' && raw !== '' ? raw : null;
}

/**
 * The link's member, as an ordinary member: a link gives its holder the member's own
 * self-service, never the admin or board rights the member may have when signed in. Every
 * use counts against the IP like the link form's calls (edit_me_h), and every failure is the
 * same 'edit_link_invalid' so the holder learns nothing about why.
 */
export async function memberByLink(deps: Deps, tenant: Tenant, token: string, ip: string): Promise<Member> {
  await takeRate(deps, tenant.id, [{ kind: 'edit_link_use', key: ip, max: EDIT_LINK_USES_MAX_PER_IP }], 'edit_links_rate_limited');
  const found = await resolveLink(deps.db, tenant.id, token, deps.clock.now());
  if (!found) throw ValidationError.general('edit_link_invalid');
  return { ...found.member, site_admin: 0, board: 0 };
}
