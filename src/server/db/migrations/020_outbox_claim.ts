import type { Kysely } from 'kysely';

// The outbox worker serves associations in turn: it finds which associations have queued
// rows by skipping along this index (one probe per association, not a scan of every queued
// row), then claims each one's due rows in due order from the same index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('deliveries_tenant_due').on('deliveries').columns(['status', 'tenant_id', 'next_attempt_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deliveries_tenant_due').execute();
}
