import type { Kysely } from 'kysely';

// Filtering the member list by up-to-dateness ("Sähköpostin tila on Palautunut") reads the
// members with one outcome for one medium: this index yields just those rows, so the filter
// costs the matching members, not the whole register's recorded outcomes.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Covering (address included): the filter compares it with the member's current address.
  await db.schema.createIndex('contact_states_outcome').on('contact_states').columns(['tenant_id', 'medium', 'outcome', 'member_id', 'address']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contact_states_outcome').execute();
}
