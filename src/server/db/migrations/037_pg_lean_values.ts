import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// PostgreSQL: fewer index entries and no per-row key checks for custom values and group
// links, which a whole-register bulk edit and its undo write 100 000 at a time. Timed with
// EXPLAIN ANALYZE at 100 000 members (an upsert of one field's value for everyone, 70 000
// of them replacing a value; 93 000 new links to a group):
//
// 1. One index over (field, text, number) instead of one for the text and one for the
//    number: each row entered both, though a value is only ever a text or a number (its
//    field's type decides which). The upsert went from 3.5–3.9 s to 2.6–2.9 s. A text
//    condition reads the index as before (field, text = …); a number condition as
//    (field, text is null, number …), which filter-sql.ts spells out; a condition on the
//    field alone (empty, not empty, a field's values) reads its leading columns.
// 2. The keys from values and links to their member, field and group: each new row ran one
//    query per key (locking the row it found): 93 000 new links took 2.0–2.2 s with them and
//    0.85–0.97 s without. Statement triggers delete what the cascades deleted, and a bulk
//    edit or undo locks its members as it collects them, as the keys did (bulk-repo.ts
//    keepMembers: 0.3 s for 100 000), so a member cannot be deleted for good under rows being written for it.
//    The rest of the writers write values only for a member whose row they have just
//    inserted or updated in the same transaction, which locks it the same way.
// SQLite keeps its two indexes and its keys, checked within each insert at no such cost.

const CASCADES = [
  // [trigger, on table, function, what it deletes]
  ['members_values_cascade', 'members', 'seura_member_values_cascade', sql`delete from member_values v using gone where v.tenant_id = gone.tenant_id and v.member_id = gone.id`],
  ['members_groups_cascade', 'members', 'seura_member_groups_cascade', sql`delete from member_groups g using gone where g.tenant_id = gone.tenant_id and g.member_id = gone.id`],
  ['fields_values_cascade', 'fields', 'seura_field_values_cascade', sql`delete from member_values v using gone where v.tenant_id = gone.tenant_id and v.field_id = gone.id`],
  ['groups_links_cascade', 'groups', 'seura_group_links_cascade', sql`delete from member_groups g using gone where g.tenant_id = gone.tenant_id and g.group_id = gone.id`],
] as const;

const KEYS = [
  ['member_values', 'member_values_member_fk', sql`(tenant_id, member_id) references members (tenant_id, id)`],
  ['member_values', 'member_values_field_fk', sql`(tenant_id, field_id) references fields (tenant_id, id)`],
  ['member_groups', 'member_groups_member_fk', sql`(tenant_id, member_id) references members (tenant_id, id)`],
  ['member_groups', 'member_groups_group_fk', sql`(tenant_id, group_id) references groups (tenant_id, id)`],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index member_values_field on member_values (tenant_id, field_id, value_text, value_num, member_id)`.execute(db);
  await sql`drop index if exists member_values_text`.execute(db);
  await sql`drop index if exists member_values_num`.execute(db);
  for (const [table, name] of KEYS) await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(name)}`.execute(db);
  for (const [trigger, table, fn, body] of CASCADES) {
    await sql`create function ${sql.id(fn)}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`.execute(db);
    await sql`create trigger ${sql.id(trigger)} after delete on ${sql.table(table)} referencing old table as gone for each statement execute function ${sql.id(fn)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [trigger, table, fn] of CASCADES) {
    await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  }
  // Rows a key would not have allowed go before the keys come back.
  await sql`delete from member_values v where not exists (select 1 from members m where m.tenant_id = v.tenant_id and m.id = v.member_id)
    or not exists (select 1 from fields f where f.tenant_id = v.tenant_id and f.id = v.field_id)`.execute(db);
  await sql`delete from member_groups g where not exists (select 1 from members m where m.tenant_id = g.tenant_id and m.id = g.member_id)
    or not exists (select 1 from groups x where x.tenant_id = g.tenant_id and x.id = g.group_id)`.execute(db);
  for (const [table, name, key] of KEYS) await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} foreign key ${key} on delete cascade`.execute(db);
  await sql`create index member_values_text on member_values (tenant_id, field_id, value_text, member_id)`.execute(db);
  await sql`create index member_values_num on member_values (tenant_id, field_id, value_num, member_id)`.execute(db);
  await sql`drop index if exists member_values_field`.execute(db);
}
