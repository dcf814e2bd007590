import type { Member, Tenant } from '../db/schema';
import type { Role } from '../../shared/members/roles';

/** Who may call a route: a step of the role ladder. `member` = any logged-in member (services limit them to their own data). */
export type Access = Role;

export interface Auth {
  member: Member;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** false only on public endpoints meant to be embedded on other sites (no session, no cookies). */
    csrf?: boolean;
  }
}
