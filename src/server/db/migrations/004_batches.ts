import type { Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { tenantRef } from './helpers';

// One undo mechanism for bulk edit, bulk remove, delete and import (style guide: "undoable").
// A batch remembers, per member and per changed item, the value before the change;
// undo puts exactly those values back, refusing (unless told) when a member changed since.
export async function up(db: Kysely<unknown>): Promise<void> {
  const real = isPostgres(db) ? 'double precision' : 'real';
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('batches_tenant_created').on('batches').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('batch_values')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('batch_id', 'text', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull())
    /** 'col' (members column), 'value' (custom field id), 'group' (group id), 'created' (member made by the batch) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('old_text', 'text')
    .addColumn('old_num', real)
    .execute();
  await db.schema.createIndex('batch_values_batch').on('batch_values').columns(['tenant_id', 'batch_id', 'kind', 'item', 'member_id']).execute();

  // Generic sliding-window counters for rate limits on public endpoints (applications).
  await db.schema
    .createTable('rate_events')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_lookup').on('rate_events').columns(['tenant_id', 'kind', 'key', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['rate_events', 'batch_values', 'batches']) await db.schema.dropTable(t).execute();
}
