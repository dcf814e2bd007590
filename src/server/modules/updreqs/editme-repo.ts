import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';
import { normalizeEmail } from '../../../shared/members/email';

// The SQL of the member's side of edit links: who an address reaches, whose data a guardian
// may edit, and which medium an update request's link went by. Emails (guardians' too) are
// stored normalised (shared/members/email.ts), so plain equality compares them.

type Person = Pick<Member, 'id' | 'firstname' | 'lastname' | 'email'>;

/** Live members (not removed, not applications) whose own email is the address, and with guardian emails on, whose guardian's is. */
export function membersReachedBy(db: Db, tenantId: number, email: string, porg: boolean): Promise<Person[]> {
  const address = normalizeEmail(email);
  return db
    .selectFrom('members')
    .select(['id', 'firstname', 'lastname', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('pending', '=', 0)
    .where((eb) => (porg ? eb.or([eb('email', '=', address), eb('email_porg1', '=', address), eb('email_porg2', '=', address)]) : eb('email', '=', address)))
    .orderBy('id')
    .execute();
}

/** Live members, other than the guardian, whose guardian email is this address. */
export function dependantsOf(db: Db, tenantId: number, guardian: Pick<Member, 'id' | 'email'>): Promise<Member[]> {
  if (!guardian.email) return Promise.resolve([]);
  const address = normalizeEmail(guardian.email);
  return db
    .selectFrom('members')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('pending', '=', 0)
    .where('id', '!=', guardian.id)
    .where((eb) => eb.or([eb('email_porg1', '=', address), eb('email_porg2', '=', address)]))
    .orderBy('lastname')
    .orderBy('firstname')
    .orderBy('id')
    .execute();
}

/** The medium an update request's delivery went by ('email' | 'sms' | …), or null. */
export async function deliveryLinkMedium(db: Db, tenantId: number, deliveryId: number): Promise<string | null> {
  const row = await db.selectFrom('deliveries').select('medium').where('tenant_id', '=', tenantId).where('id', '=', deliveryId).executeTakeFirst();
  return row?.medium ?? null;
}
