import { sql, type Kysely } from 'kysely';
import { FINNISH_SORT_TABLE } from '../../../shared/finnish/collation';
import { isPostgres } from '../kysely';

// Names sort as a Finnish reader expects (Å, Ä, Ö after Z, "de la Cruz" under D, case
// ignored). Lists order by `sort_lastname, sort_firstname, id` on both databases:
// - PostgreSQL with ICU: the columns are the names themselves under the `fi-x-icu`
//   collation (generated, so every write keeps them right).
// - PostgreSQL without ICU: generated from seura_sort_key(), a PL/pgSQL twin of
//   finnishSortKey (src/shared/finnish/collation.ts) built from the same weight table,
//   compared under "C".
// - SQLite: plain columns filled with seura_sort_key() (registered in db/kysely.ts from
//   finnishSortKey) by triggers on insert and on a name change; SQLite cannot add a
//   stored generated column to an existing table.

const COLUMNS = [
  ['sort_lastname', 'lastname'],
  ['sort_firstname', 'firstname'],
] as const;

/** The PostgreSQL twin of finnishSortKey: per character, the table's weights or the character itself. */
function pgKeyFunction() {
  const { chars, p, s, t } = FINNISH_SORT_TABLE;
  return sql`create or replace function seura_sort_key(x text) returns text language plpgsql immutable strict parallel safe as $fn$
    declare
      src text := normalize(x, NFC);
      pk text := ''; sk text := ''; tk text := '';
      c text; k int;
    begin
      for i in 1 .. char_length(src) loop
        c := substr(src, i, 1);
        k := strpos(${sql.lit(chars)}, c);
        if k > 0 then
          pk := pk || substr(${sql.lit(p)}, k, 1); sk := sk || substr(${sql.lit(s)}, k, 1); tk := tk || substr(${sql.lit(t)}, k, 1);
        else
          pk := pk || c; sk := sk || chr(2); tk := tk || chr(2);
        end if;
      end loop;
      return pk || chr(1) || sk || chr(1) || tk;
    end $fn$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const icu = await sql<{ n: number }>`select count(*) as n from pg_collation where collname = 'fi-x-icu'`.execute(db);
    await pgKeyFunction().execute(db);
    for (const [col, from] of COLUMNS) {
      const def = Number(icu.rows[0]?.n) > 0 ? sql`text collate "fi-x-icu" generated always as (${sql.ref(from)}) stored` : sql`text collate "C" generated always as (seura_sort_key(${sql.ref(from)})) stored`;
      await sql`alter table members add column ${sql.ref(col)} ${def}`.execute(db);
    }
  } else {
    for (const [col] of COLUMNS) await db.schema.alterTable('members').addColumn(col, 'text').execute();
    await sql`update members set sort_lastname = seura_sort_key(lastname), sort_firstname = seura_sort_key(firstname)`.execute(db);
    const fill = sql`update members set sort_lastname = seura_sort_key(new.lastname), sort_firstname = seura_sort_key(new.firstname) where rowid = new.rowid;`;
    await sql`create trigger members_sort_ai after insert on members begin ${fill} end`.execute(db);
    await sql`create trigger members_sort_au after update of lastname, firstname on members begin ${fill} end`.execute(db);
  }
  // The live register A–Ö straight from the index, ids included: the page of everyone reads
  // 100 000 sorted ids without visiting a single row.
  await db.schema.createIndex('members_tenant_sort_name').on('members').columns(['tenant_id', 'deleted_at', 'pending', 'sort_lastname', 'sort_firstname', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_tenant_sort_name').ifExists().execute();
  if (!isPostgres(db)) for (const t of ['members_sort_ai', 'members_sort_au']) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  for (const [col] of COLUMNS) await db.schema.alterTable('members').dropColumn(col).execute();
  if (isPostgres(db)) await sql`drop function if exists seura_sort_key(text)`.execute(db);
}
