import type { Kysely } from 'kysely';
import { tenantRef } from './helpers';

// Member imports: the uploaded file, how it was mapped, and the batch that undoes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('stored_path', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sheets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('mapping', 'text')
    .addColumn('batch_id', 'text')
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text')
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('imports_tenant_uploaded').on('imports').columns(['tenant_id', 'uploaded_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('imports').execute();
}
