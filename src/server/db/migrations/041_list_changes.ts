import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { createVersionTriggers, dropVersionTriggers } from './helpers';
import { VERSIONED_TABLES } from './030_list_versions';
import { LIST_BUMP, LIST_TOUCHED } from './036_pg_bulk_writes';
import { LIST_CHANGE_IDS, LIST_CHANGE_LOG } from '../listVersions';

// Which members a list version's last step changed, so that a cached list whose members the
// step did not touch can outlive it (members/list-cache.ts, "guards"). A member's place in a
// list depends on its own rows only (members, member_values, member_groups, contact_states),
// so a step is told by the ids it wrote; a write to the field model (fields, groups,
// settings) or to many members is told as "unknown".
//
// - PostgreSQL: the statement triggers of migration 036 gather the ids a transaction wrote
//   (at most LIST_CHANGE_IDS, read from the statement's transition table, at most 1 000 rows
//   of it) in a transaction-local setting; the bump at commit adds them to a log of the last
//   steps' members in `list_versions` (LIST_CHANGE_LOG entries, each with its version), so a
//   cache several steps behind can still be told what changed since (under a load of ten saves
//   a second, a process's cache is often that far behind).
// - SQLite: the row triggers pass the member's id to seura_list_changed, which keeps the last
//   ids beside the counter (db/listVersions.ts).


const MEMBER_COLUMN: Record<string, string | null> = {
  members: 'id',
  member_values: 'member_id',
  member_groups: 'member_id',
  contact_states: 'member_id',
  fields: null,
  groups: null,
  settings: null,
};

const OPS = [
  ['insert', 'new'],
  ['update', 'new'],
  ['delete', 'old'],
] as const;

/** The touched-rows function of one member column (null: the model's tables, ids unknown). */
function touchedFunction(column: string | null) {
  const name = column ? `seura_list_touched_${column}` : 'seura_list_touched';
  const gather = column
    ? `if cur <> '*' then
          select array_agg(distinct x), count(*) into more, n from (select touched.${column} as x from touched where touched.tenant_id = t limit 1000) s;
          more := array(select distinct y from unnest(cur::integer[] || coalesce(more, '{}')) y);
          if n >= 1000 or cardinality(more) > ${LIST_CHANGE_IDS} then cur := '*'; else cur := more::text; end if;
        end if;`
    : `cur := '*';`;
  return sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
    declare t integer; k text; cur text; more integer[]; n integer;
    begin
      for t in select distinct tenant_id from touched loop
        k := 'seura.list_changed_' || t;
        cur := coalesce(current_setting(k, true), '');
        if cur = '' then
          insert into list_bumps (tenant_id) values (t);
          cur := '{}';
        end if;
        ${gather}
        perform set_config(k, cur, true);
      end loop;
      return null;
    end $$`);
}

async function pgTriggers(db: Kysely<unknown>, withIds: boolean): Promise<void> {
  for (const t of VERSIONED_TABLES) {
    const column = withIds ? MEMBER_COLUMN[t]! : null;
    const fn = column ? `seura_list_touched_${column}` : 'seura_list_touched';
    for (const [op, row] of OPS) {
      await sql`drop trigger if exists ${sql.id(`${t}_list_touched_${op}`)} on ${sql.table(t)}`.execute(db);
      await sql`create trigger ${sql.id(`${t}_list_touched_${op}`)} after ${sql.raw(op)} on ${sql.table(t)}
        referencing ${sql.raw(row)} table as touched for each statement execute function ${sql.raw(fn)}()`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    // The member's id as a second argument; the model's tables pass none.
    await dropVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
    for (const t of VERSIONED_TABLES) {
      const column = MEMBER_COLUMN[t];
      for (const [op, row] of OPS) {
        const id = column ? sql.raw(`${row}.${column}`) : sql`null`;
        await sql`create trigger ${sql.id(`${t}_list_changed_${op}`)} after ${sql.raw(op)} on ${sql.table(t)}
          begin select seura_list_changed(${sql.raw(row)}.tenant_id, ${id}); end`.execute(db);
      }
    }
    return;
  }
  // The log of the last steps' members: changed_ids[i] written at version changed_at[i]; it
  // holds every step after changed_since (a step of unknown members starts it again).
  await sql`alter table list_versions add column changed_ids integer[] not null default '{}'`.execute(db);
  await sql`alter table list_versions add column changed_at integer[] not null default '{}'`.execute(db);
  await sql`alter table list_versions add column changed_since integer not null default 0`.execute(db);
  await sql`update list_versions set changed_since = version`.execute(db);
  await touchedFunction(null).execute(db);
  await touchedFunction('id').execute(db);
  await touchedFunction('member_id').execute(db);
  await sql.raw(`create or replace function seura_list_bump() returns trigger language plpgsql as $$
    declare cur text; ids integer[]; r record; v integer; a integer[]; b integer[]; s integer; d integer;
    begin
      delete from list_bumps where tenant_id = new.tenant_id;
      cur := coalesce(current_setting('seura.list_changed_' || new.tenant_id, true), '*');
      if cur not in ('*', '') then ids := cur::integer[]; end if;
      select version, changed_ids, changed_at, changed_since into r from list_versions where tenant_id = new.tenant_id for update;
      if not found then
        insert into list_versions (tenant_id, version, changed_since)
          select new.tenant_id, 1, 1 where exists (select 1 from tenants where id = new.tenant_id)
          on conflict (tenant_id) do update set version = list_versions.version + 1, changed_ids = '{}', changed_at = '{}', changed_since = list_versions.version + 1;
        return null;
      end if;
      v := r.version + 1;
      if ids is null then
        update list_versions set version = v, changed_ids = '{}', changed_at = '{}', changed_since = v where tenant_id = new.tenant_id;
        return null;
      end if;
      a := r.changed_ids || ids;
      b := r.changed_at || array_fill(v, array[cardinality(ids)]);
      s := r.changed_since;
      d := cardinality(a) - ${LIST_CHANGE_LOG};
      if d > 0 then
        -- The oldest entries go, and with them the steps they belonged to.
        s := greatest(s, b[d]);
        a := a[d + 1:];
        b := b[d + 1:];
      end if;
      update list_versions set version = v, changed_ids = a, changed_at = b, changed_since = s where tenant_id = new.tenant_id;
      return null;
    end $$`).execute(db);
  await pgTriggers(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await dropVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
    await createVersionTriggers(db, 'list_changed', VERSIONED_TABLES);
    return;
  }
  await pgTriggers(db, false);
  await sql`drop function if exists seura_list_touched_id()`.execute(db);
  await sql`drop function if exists seura_list_touched_member_id()`.execute(db);
  await LIST_TOUCHED.execute(db);
  await LIST_BUMP.execute(db);
  for (const c of ['changed_ids', 'changed_at', 'changed_since']) await sql`alter table list_versions drop column if exists ${sql.id(c)}`.execute(db);
}
