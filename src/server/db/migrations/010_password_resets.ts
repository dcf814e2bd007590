import type { Kysely } from 'kysely';
import { tenantRef } from './helpers';

// Forgotten passwords: one row per emailed link. Only the SHA-256 of the
// link's token is stored, bound to the member and the association; a link is spent once
// (used_at) and dies after an hour, or when another link of the same member is used.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addForeignKeyConstraint('password_resets_member_fk', ['tenant_id', 'member_id'], 'members', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('password_resets_tenant_member').on('password_resets').columns(['tenant_id', 'member_id']).execute();
  await db.schema.createIndex('password_resets_tenant_expires').on('password_resets').columns(['tenant_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
