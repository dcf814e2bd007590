import type { Kysely } from 'kysely';
import { withId, tenantRef } from './helpers';

// Saved member filters, shared within an association: a name and the
// normalised filter as JSON. Names are unique per association (case-insensitively, checked
// by the service; the index keeps exact duplicates out even under a race).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('saved_filters'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_filters_tenant_name').on('saved_filters').columns(['tenant_id', 'name']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_filters').execute();
}
