import type { Member, Tenant } from '../db/schema';
import type { Role } from '../../shared/members/roles';

/**
 * Who may call a route: a step of the role ladder. `member` = any logged-in member (services
 * limit them to their own data). `self` = the member's own self-service: a signed-in member,
 * or without a session the member of a valid personal link sent in the x-edit-link header
 * (plugins/guard.ts, http/selfLink.ts).
 */
export type Access = Role | 'self';

export interface Auth {
  member: Member;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
    auth: Auth | null;
    /** On an 'self' route without a session: the member whose personal link came in the header, without any admin or board rights. */
    linkMember?: Member;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** false only on public endpoints meant to be embedded on other sites (no session, no cookies). */
    csrf?: boolean;
  }
}
