import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Member, Tenant } from '../../db/schema';
import { SESSION_IDLE_TIMEOUT_MS } from '../../../shared/constants';
import type { SiteAdminsReply } from '../../../shared/schemas/security';
import { NotFound } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { act } from '../log/act';
import * as members from '../members/repo';
import { endSessionsOf } from '../session/end';
import * as repo from './repo';
import { mfaStatus, policy } from './status';

// The site admins' list (2FA state, last login, live sessions) and closing their sessions.

/** A site admin of this association (removed ones only when asked), else 404. */
export async function siteAdminOf(deps: Deps, tenant: Tenant, id: number, opts: { removedToo?: boolean } = {}): Promise<Member> {
  const m = await members.findById(deps.db, tenant.id, id);
  if (!m || m.site_admin !== 1 || (m.deleted_at !== null && !opts.removedToo) || m.pending === 1) throw new NotFound();
  return m;
}

/** id 0 (or one's own id): one's other sessions; otherwise every session of that admin. */
export async function closeAdminSessions(deps: Deps, tenant: Tenant, me: Member, currentSessionId: string, id: number): Promise<number> {
  const own = id === 0 || id === me.id;
  // A removed admin's leftover sessions can be closed too.
  const target = own ? me : await siteAdminOf(deps, tenant, id, { removedToo: true });
  return act(deps, tenant, me, 'sessions_closed', async (trx, line) => {
    const closed = await endSessionsOf(trx, tenant.id, [target.id], own ? currentSessionId : undefined);
    line.context = `member:${target.id}`;
    line.data = [{ field: 'count', new: closed }];
    return closed;
  });
}

export async function siteAdmins(deps: Deps, tenant: Tenant, me: Member): Promise<SiteAdminsReply> {
  const now = deps.clock.now();
  const admins = await members.listSiteAdmins(deps.db, tenant.id);
  const ids = admins.map((a) => a.id);
  const [rows, counts, p] = await Promise.all([
    repo.listFor(deps.db, tenant.id, ids),
    repo.sessionCounts(deps.db, tenant.id, ids, iso(new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS))),
    policy(deps.db, tenant.id),
  ]);
  const byId = new Map(rows.map((r) => [r.member_id, r]));
  return {
    mfa_enabled_for: p,
    site_admins: admins.map((a) => {
      const row = byId.get(a.id);
      const status = mfaStatus(row, now);
      return {
        id: a.id,
        firstname: a.firstname,
        lastname: a.lastname,
        email: a.email,
        mfa_status: status,
        resetCodeExpireDate: status === 'MFA_RESETTING' || status === 'MFA_RESETTING_EXPIRED' ? (row?.reset_expires_at ?? null) : null,
        last_login: row?.last_login_at ?? null,
        session_count: counts.get(a.id) ?? 0,
        me: a.id === me.id,
      };
    }),
  };
}

/** Login bookkeeping for the admin list ("last login"). */
export async function recordLogin(db: Db, tenantId: number, member: Member, at: string): Promise<void> {
  if (member.site_admin === 1) await repo.upsert(db, tenantId, member.id, { last_login_at: at, updated_at: at });
}
