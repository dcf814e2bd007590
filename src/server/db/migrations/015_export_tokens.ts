import type { Kysely } from 'kysely';
import { tenantRef } from './helpers';

// Export by token: the filter travels in a POST body and is kept here
// for a few minutes under a single-use token, so the download itself can be a plain GET
// the browser streams to disk. The token is bound to the session that asked for it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_tokens')
    /** sha256 of the token handed to the browser; the token itself is never stored. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    /** JSON: {filter, columns, format} */
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('export_tokens_tenant_expires').on('export_tokens').columns(['tenant_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_tokens').execute();
}
