import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { createVersionTriggers, dropVersionTriggers } from './helpers';
import { VERSIONED_TABLES } from './030_list_versions';

// PostgreSQL: less work per row written, for the whole-register bulk edit and its undo, whose
// statements write 100 000 rows each. Timed with EXPLAIN ANALYZE at 100 000 members, a plain
// insert of 100 000 member_values rows took 1.15 s, and its three foreign-key checks (one
// query per row and key) 2.4 s more; 100 000 batch_values rows 0.48 s, with their two checks
// 1.58 s.
//
// 1. Foreign keys that only repeat another: member_values and member_groups reference their
//    member by (tenant_id, member_id), and that member its association, so their own key to
//    tenants checked nothing more (an association's deletion still reaches them through its
//    members). batch_values' keys to tenants and batches go too: its rows are written only by
//    the recorder (batches/recorder.ts), right after the batch row in the same transaction,
//    and a statement trigger on batches deletes a deleted batch's values, as the cascade did.
//    member_history's key to tenants likewise gives way to a statement trigger on tenants
//    (its entries have no key to their member: an erasure deletes them itself).
// 2. The list version (migration 030): its deferred trigger ran once per row at commit
//    (300 000 calls for the bench's edit, 0.7–1.5 s). Statement triggers now note each
//    association a statement wrote, once per transaction, as one row of list_bumps, and
//    that row's deferred trigger bumps the version at commit as before: the row lock on
//    list_versions is still taken only as the transaction ends.
// SQLite keeps its keys (checked as an index probe within each insert) and its per-row
// counter call (a function of the process, no SQL).

const BULK_TABLES = ['member_values', 'member_groups', 'batch_values'] as const;
const OPS = [
  ['insert', 'new'],
  ['update', 'new'],
  ['delete', 'old'],
] as const;

/** The touched-rows function of the version's statement triggers (migration 041 replaces it, and puts it back when undone). */
export const LIST_TOUCHED = sql`create or replace function seura_list_touched() returns trigger language plpgsql as $$
    declare t integer;
    begin
      for t in select distinct tenant_id from touched loop
        if coalesce(current_setting('seura.list_changed_' || t, true), '') = '' then
          perform set_config('seura.list_changed_' || t, '1', true);
          insert into list_bumps (tenant_id) values (t);
        end if;
      end loop;
      return null;
    end $$`;

/** The bump at commit (likewise). */
export const LIST_BUMP = sql`create or replace function seura_list_bump() returns trigger language plpgsql as $$
    begin
      delete from list_bumps where tenant_id = new.tenant_id;
      insert into list_versions (tenant_id, version)
        select new.tenant_id, 1 where exists (select 1 from tenants where id = new.tenant_id)
        on conflict (tenant_id) do update set version = list_versions.version + 1;
      return null;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const t of BULK_TABLES) await sql`alter table ${sql.table(t)} drop constraint if exists ${sql.id(`${t}_tenant_id_fkey`)}`.execute(db);
  await sql`alter table batch_values drop constraint if exists batch_values_batch_id_fkey`.execute(db);
  await sql`create function seura_batch_values_cascade() returns trigger language plpgsql as $$
    begin
      delete from batch_values v using gone where v.tenant_id = gone.tenant_id and v.batch_id = gone.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger batches_values_cascade after delete on batches referencing old table as gone for each statement execute function seura_batch_values_cascade()`.execute(db);

  await sql`alter table member_history drop constraint if exists member_history_tenant_id_fkey`.execute(db);
  await sql`create function seura_member_history_cascade() returns trigger language plpgsql as $$
    begin
      delete from member_history h using gone where h.tenant_id = gone.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger tenants_history_cascade after delete on tenants referencing old table as gone for each statement execute function seura_member_history_cascade()`.execute(db);

  // Rows live only inside their transaction: nothing to keep after a crash.
  await sql`create unlogged table list_bumps (tenant_id integer not null)`.execute(db);
  await LIST_TOUCHED.execute(db);
  await LIST_BUMP.execute(db);
  await sql`create constraint trigger list_bumps_apply after insert on list_bumps deferrable initially deferred for each row execute function seura_list_bump()`.execute(db);
  await dropVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
  for (const t of VERSIONED_TABLES) {
    for (const [op, row] of OPS) {
      await sql`create trigger ${sql.id(`${t}_list_touched_${op}`)} after ${sql.raw(op)} on ${sql.table(t)}
        referencing ${sql.raw(row)} table as touched for each statement execute function seura_list_touched()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const t of VERSIONED_TABLES) for (const [op] of OPS) await sql`drop trigger if exists ${sql.id(`${t}_list_touched_${op}`)} on ${sql.table(t)}`.execute(db);
  await createVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
  await sql`drop table if exists list_bumps`.execute(db);
  await sql`drop function if exists seura_list_bump()`.execute(db);
  await sql`drop function if exists seura_list_touched()`.execute(db);
  await sql`drop trigger if exists batches_values_cascade on batches`.execute(db);
  await sql`drop function if exists seura_batch_values_cascade()`.execute(db);
  await sql`drop trigger if exists tenants_history_cascade on tenants`.execute(db);
  await sql`drop function if exists seura_member_history_cascade()`.execute(db);
  await sql`delete from member_history h where not exists (select 1 from tenants t where t.id = h.tenant_id)`.execute(db);
  await sql`alter table member_history add foreign key (tenant_id) references tenants (id) on delete cascade`.execute(db);
  await sql`delete from batch_values v where not exists (select 1 from batches b where b.id = v.batch_id)`.execute(db);
  await sql`alter table batch_values add foreign key (batch_id) references batches (id) on delete cascade`.execute(db);
  for (const t of BULK_TABLES) await sql`alter table ${sql.table(t)} add foreign key (tenant_id) references tenants (id) on delete cascade`.execute(db);
}
