import type { Kysely } from 'kysely';
import { tenantRef } from './helpers';

// Two-factor authentication: one security row per admin who has ever started
// 2FA or logged in, and the short-lived challenges between password and code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_security')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    // none | setting_up | set | resetting; "resetting expired" is derived from reset_expires_at.
    .addColumn('mfa_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('secret_enc', 'text')
    .addColumn('pending_secret_enc', 'text')
    // The last TOTP time step accepted: a code of that step or earlier is a replay.
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reset_code_hash', 'text')
    .addColumn('reset_expires_at', 'text')
    .addColumn('last_login_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_security_pk', ['tenant_id', 'member_id'])
    .addForeignKeyConstraint('member_security_member_fk', ['tenant_id', 'member_id'], 'members', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('login_challenges_member_fk', ['tenant_id', 'member_id'], 'members', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('login_challenges_tenant_member').on('login_challenges').columns(['tenant_id', 'member_id']).execute();
  await db.schema.createIndex('login_challenges_tenant_expires').on('login_challenges').columns(['tenant_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('member_security').execute();
}
