import type { Db } from '../../db/kysely';

// Referrals' SQL. Emails are unique across the deployment; the rest is per association.

/** Inserts the referral unless the email is already referred (by anyone); returns whether it did. */
export async function insertIfNew(db: Db, tenantId: number, email: string, authorId: number, at: string): Promise<boolean> {
  const r = await db
    .insertInto('referrals')
    .values({ tenant_id: tenantId, email, author_id: authorId, created_at: at })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function onlinePaidCount(db: Db, tenantId: number): Promise<number> {
  const r = await db
    .selectFrom('payment_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('method', '=', 'online')
    .where('paid_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function siteAdminEmails(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('members')
    .select('email')
    .where('tenant_id', '=', tenantId)
    .where('site_admin', '=', 1)
    .where('deleted_at', 'is', null)
    .where('email', 'is not', null)
    .execute();
  return rows.map((a) => (a.email ?? '').toLowerCase()).filter((e) => e !== '');
}

/** The oldest uncredited referral of one of the emails made by another association. */
export function openReferralOf(db: Db, tenantId: number, emails: string[]) {
  return db
    .selectFrom('referrals')
    .selectAll()
    .where('email', 'in', emails)
    .where('credited_at', 'is', null)
    .where('tenant_id', '!=', tenantId)
    .orderBy('id')
    .executeTakeFirst();
}

/** Claims the referral for crediting; false when a parallel payment already did. */
export async function claimCredit(db: Db, id: number, friendTenantId: number, at: string): Promise<boolean> {
  const r = await db.updateTable('referrals').set({ credited_at: at, friend_tenant_id: friendTenantId }).where('id', '=', id).where('credited_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
