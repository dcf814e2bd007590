import type { Db } from '../../db/kysely';
import type { ContactStatesTable } from '../../db/schema';

// The last outcome of a message to each member's address or number, per medium (email, SMS).
// Up-to-dateness is derived from it and the member's current address: an outcome about an
// older address no longer counts (see shared/members/upToDateness.ts).

export type ContactMedium = ContactStatesTable['medium'];
export type ContactOutcome = ContactStatesTable['outcome'];

export interface ContactState {
  member_id: number;
  medium: ContactMedium;
  address: string;
  outcome: ContactOutcome;
  at: string;
}

/** Records what the latest message to this address did, replacing the earlier outcome. */
export async function recordOutcome(db: Db, tenantId: number, s: ContactState): Promise<void> {
  await db
    .insertInto('contact_states')
    .values({ tenant_id: tenantId, member_id: s.member_id, medium: s.medium, address: s.address, outcome: s.outcome, at: s.at })
    .onConflict((oc) => oc.columns(['tenant_id', 'member_id', 'medium']).doUpdateSet({ address: s.address, outcome: s.outcome, at: s.at }))
    .execute();
}

const CHUNK = 900;

/** The recorded outcomes of these members (both media); members without any are left out. */
export async function statesOf(db: Db, tenantId: number, memberIds: readonly number[]): Promise<ContactState[]> {
  const out: ContactState[] = [];
  for (let i = 0; i < memberIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('contact_states')
      .select(['member_id', 'medium', 'address', 'outcome', 'at'])
      .where('tenant_id', '=', tenantId)
      .where('member_id', 'in', memberIds.slice(i, i + CHUNK))
      .execute();
    out.push(...rows);
  }
  return out;
}
