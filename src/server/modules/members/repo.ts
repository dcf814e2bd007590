import type { Db } from '../../db/kysely';
import type { Member, NewMember } from '../../db/schema';

// Every function takes the tenant id first; there is no query path without it.

export function findById(db: Db, tenantId: number, id: number): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Emails are stored trimmed and lower-cased, so this is an index lookup. */
export function findByEmail(db: Db, tenantId: number, email: string): Promise<Member | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email.trim().toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
}

export function insert(db: Db, tenantId: number, member: Omit<NewMember, 'tenant_id'>): Promise<Member> {
  return db
    .insertInto('members')
    .values({ ...member, tenant_id: tenantId, email: member.email?.trim().toLowerCase() ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface MemberCounts {
  members: number;
  active: number;
  applications: number;
}

/** Live (not deleted) members split into approved members, of them active, and pending applications. */
export async function countByState(db: Db, tenantId: number): Promise<MemberCounts> {
  // Grouping lets both databases answer from the covering index members_tenant_state.
  const rows = await db
    .selectFrom('members')
    .select(['pending', 'active', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .groupBy(['pending', 'active'])
    .execute();
  const counts: MemberCounts = { members: 0, active: 0, applications: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.pending === 1) counts.applications += n;
    else {
      counts.members += n;
      if (r.active === 1) counts.active += n;
    }
  }
  return counts;
}

export function listSiteAdmins(db: Db, tenantId: number): Promise<Member[]> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('site_admin', '=', 1)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}
