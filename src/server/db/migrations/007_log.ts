import type { Kysely } from 'kysely';

// Activity log page.
// - Filtering by event type: with (tenant_id, at) alone a rare event means walking the
//   tenant's whole log; (tenant_id, event, at) answers the filter and its count from a range.
// - Permanent delete scrubs the entries about a member (context 'member:{id}') and their own
//   sign-ins (context 'session', author_id); (tenant_id, context, author_id) finds both
//   without reading the tenant's log once per chunk of members.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('activity_log_tenant_event_at').on('activity_log').columns(['tenant_id', 'event', 'at']).execute();
  await db.schema.createIndex('activity_log_tenant_context').on('activity_log').columns(['tenant_id', 'context', 'author_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_log_tenant_context').execute();
  await db.schema.dropIndex('activity_log_tenant_event_at').execute();
}
