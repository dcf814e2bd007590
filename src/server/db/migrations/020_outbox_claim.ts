import type { Kysely } from 'kysely';

// The outbox worker serves associations in turn: for each association it asks whether it has
// queued rows (one probe of this index) and claims its due rows in due order from the same
// index, so one association's 100 000 queued rows cost the others nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('deliveries_tenant_due').on('deliveries').columns(['tenant_id', 'status', 'next_attempt_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deliveries_tenant_due').execute();
}
