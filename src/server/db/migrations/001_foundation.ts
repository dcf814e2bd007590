import type { Kysely } from 'kysely';
import { boolCol, tenantRef, withId } from './helpers';

// Foundation: tenants, minimal members, server-side sessions, per-user UI data,
// settings, the activity log and login throttling. Every index starts with tenant_id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('tenants'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.unique())
    .addColumn('is_default', 'integer', boolCol(0))
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('Free'))
    .addColumn('trust_status', 'text', (c) => c.notNull().defaultTo('OK'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('members'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address_street', 'text')
    .addColumn('address_zip', 'text')
    .addColumn('address_city', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('active', 'integer', boolCol(1))
    .addColumn('site_admin', 'integer', boolCol(0))
    .addColumn('board', 'integer', boolCol(0))
    .addColumn('pending', 'integer', boolCol(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // (tenant_id, id) is what child tables reference: a foreign key can then never point into
  // another tenant, and the cascade on delete finds children through their tenant-first indexes.
  await db.schema.createIndex('members_tenant_id').on('members').columns(['tenant_id', 'id']).unique().execute();
  await db.schema.createIndex('members_tenant_email').on('members').columns(['tenant_id', 'email']).execute();
  // Covering index for the dashboard/list counts (active, pending, deleted).
  await db.schema.createIndex('members_tenant_state').on('members').columns(['tenant_id', 'deleted_at', 'pending', 'active']).execute();
  await db.schema.createIndex('members_tenant_name').on('members').columns(['tenant_id', 'lastname', 'firstname']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addForeignKeyConstraint('sessions_member_fk', ['tenant_id', 'member_id'], 'members', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_tenant_member').on('sessions').columns(['tenant_id', 'member_id']).execute();

  await db.schema
    .createTable('user_data')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_data_pk', ['tenant_id', 'member_id', 'key'])
    .addForeignKeyConstraint('user_data_member_fk', ['tenant_id', 'member_id'], 'members', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('settings_pk', ['tenant_id', 'key'])
    .execute();

  await withId(db, db.schema.createTable('activity_log'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('author_id', 'integer')
    .addColumn('batch_id', 'text')
    .execute();
  await db.schema.createIndex('activity_log_tenant_at').on('activity_log').columns(['tenant_id', 'at']).execute();
  await db.schema.createIndex('activity_log_tenant_batch').on('activity_log').columns(['tenant_id', 'batch_id']).execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_lookup').on('login_failures').columns(['tenant_id', 'kind', 'key', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['login_failures', 'activity_log', 'settings', 'user_data', 'sessions', 'members', 'tenants']) {
    await db.schema.dropTable(t).execute();
  }
}
