import type { Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { boolCol, tenantRef, withId } from './helpers';

// Custom fields, their member values, groups and member history.
//
// Custom values live in a typed value table (one row per member and field) rather
// than a JSON column: every custom field gets indexed filtering and sorting without
// per-field DDL, and the same SQL works on SQLite and PostgreSQL (README "Custom field values").
export async function up(db: Kysely<unknown>): Promise<void> {
  const real = isPostgres(db) ? 'double precision' : 'real';

  await withId(db, db.schema.createTable('fields'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('visibility_options', 'text', (c) => c.notNull().defaultTo('[0,1,2,3]'))
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('help_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('maxlength', 'integer', (c) => c.notNull().defaultTo(255))
    .addColumn('fixed', 'integer', boolCol(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fields_tenant_name').on('fields').columns(['tenant_id', 'name']).unique().execute();
  await db.schema.createIndex('fields_tenant_id').on('fields').columns(['tenant_id', 'id']).unique().execute();
  await db.schema.createIndex('fields_tenant_position').on('fields').columns(['tenant_id', 'position']).execute();

  await db.schema
    .createTable('member_values')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('field_id', 'integer', (c) => c.notNull())
    .addColumn('value_text', 'text')
    .addColumn('value_num', real)
    .addPrimaryKeyConstraint('member_values_pk', ['tenant_id', 'member_id', 'field_id'])
    // Tenant-scoped foreign keys (see members_tenant_id): cascades use the tenant-first indexes below.
    .addForeignKeyConstraint('member_values_member_fk', ['tenant_id', 'member_id'], 'members', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('member_values_field_fk', ['tenant_id', 'field_id'], 'fields', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('member_values_text').on('member_values').columns(['tenant_id', 'field_id', 'value_text', 'member_id']).execute();
  await db.schema.createIndex('member_values_num').on('member_values').columns(['tenant_id', 'field_id', 'value_num', 'member_id']).execute();

  await withId(db, db.schema.createTable('groups'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('allowed_senders', 'text', (c) => c.notNull().defaultTo('GroupMembers'))
    .addColumn('builtin', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_tenant_name').on('groups').columns(['tenant_id', 'name']).unique().execute();
  await db.schema.createIndex('groups_tenant_id').on('groups').columns(['tenant_id', 'id']).unique().execute();

  await db.schema
    .createTable('member_groups')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_groups_pk', ['tenant_id', 'group_id', 'member_id'])
    .addForeignKeyConstraint('member_groups_group_fk', ['tenant_id', 'group_id'], 'groups', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('member_groups_member_fk', ['tenant_id', 'member_id'], 'members', ['tenant_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('member_groups_member').on('member_groups').columns(['tenant_id', 'member_id', 'group_id']).execute();

  await withId(db, db.schema.createTable('member_history'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('author_id', 'integer')
    .addColumn('batch_id', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_history_member').on('member_history').columns(['tenant_id', 'member_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['member_history', 'member_groups', 'groups', 'member_values', 'fields']) await db.schema.dropTable(t).execute();
}
