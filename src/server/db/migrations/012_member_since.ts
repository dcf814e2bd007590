import { sql, type Kysely } from 'kysely';

// "Jäsen alkaen": the day a person became a member, stored so that it
// can be filtered and sorted from an index, and so that a register brought from elsewhere
// can keep its own join dates. New members get the Helsinki day they were added, approved
// applications the day of approval (members/memberSince.ts); pending applications have none.
// Existing members start from the day they were added (created_at's UTC day: close enough
// for rows that predate the column, and the same on both databases).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('member_since', 'text').execute();
  await sql`update members set member_since = substr(created_at, 1, 10) where pending = 0`.execute(db);
  await db.schema.createIndex('members_tenant_member_since').on('members').columns(['tenant_id', 'member_since']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_tenant_member_since').ifExists().execute();
  await db.schema.alterTable('members').dropColumn('member_since').execute();
}
