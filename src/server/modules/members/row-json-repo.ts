import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import type { StoredAs } from './columns';
import { readByIds } from './repo';
import { tenantTerm } from './list-repo';
import { readerOf } from '../../db/sqliteReader';

// List rows written as JSON by the database: for the page of everyone, one text per member
// made where the values are, instead of row objects read into JavaScript, rows built from them
// and each written out again with JSON.stringify (on SQLite at 100 000 members the same texts
// took 1.0 s, against 2.5 s for those three steps and their garbage). The text parses to the
// row rows.ts builds from the same names (row-json.api.test.ts proves it on both databases);
// numbers may differ in form only (SQLite writes a stored 35 as 35.0).

/** One value as JSON text: a string quoted, a number as a number, NULL as null. */
function json(db: Db, value: RawBuilder<unknown>): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`coalesce(to_json(${value})::text, 'null')` : sql<string>`json_quote(${value})`;
}

const bool = (cond: RawBuilder<SqlBool>): RawBuilder<string> => sql<string>`(case when ${cond} then 'true' else 'false' end)`;

/**
 * How a statement reads the stored values of the member `m`. SQLite looks each custom value and
 * group link up in its own subquery (as fast there as a join and aggregate). On PostgreSQL a
 * subquery per value and member cost 2.5–3 s for the page of everyone, as one aggregate per
 * member over its values (and one over its links) 1.5–1.8 s: `lateral` joins, whose columns
 * `x.v<n>` and `gr.g<n>` the row's text reads.
 */
interface ValueReads {
  value(fieldId: number, column: 'value_text' | 'value_num'): RawBuilder<unknown>;
  inGroup(groupId: number): RawBuilder<SqlBool>;
  /** The joins that the reads need (PostgreSQL), after `from members m`. */
  joins(): RawBuilder<unknown>;
}

function sqliteReads(tenantId: number): ValueReads {
  return {
    value: (fieldId, column) => sql`(select ${sql.ref(`v.${column}`)} from member_values v where v.tenant_id = ${tenantId} and v.member_id = m.id and v.field_id = ${fieldId})`,
    inGroup: (groupId) => sql<SqlBool>`exists (select 1 from member_groups g where g.tenant_id = ${tenantId} and g.group_id = ${groupId} and g.member_id = m.id)`,
    joins: () => sql``,
  };
}

function postgresReads(tenantId: number): ValueReads {
  const values: RawBuilder<unknown>[] = [];
  const fieldIds = new Set<number>();
  const groups: RawBuilder<unknown>[] = [];
  const groupIds = new Set<number>();
  return {
    value(fieldId, column) {
      const alias = `v${values.length}`;
      values.push(sql`max(${sql.ref(`v.${column}`)}) filter (where v.field_id = ${fieldId}) as ${sql.ref(alias)}`);
      fieldIds.add(fieldId);
      return sql.ref(`x.${alias}`);
    },
    inGroup(groupId) {
      const alias = `g${groups.length}`;
      groups.push(sql`coalesce(bool_or(g.group_id = ${groupId}), false) as ${sql.ref(alias)}`);
      groupIds.add(groupId);
      return sql<SqlBool>`${sql.ref(`gr.${alias}`)}`;
    },
    joins() {
      const x = values.length > 0
        ? sql`left join lateral (select ${sql.join(values)} from member_values v where v.tenant_id = ${tenantId} and v.member_id = m.id and v.field_id in (${sql.join([...fieldIds])})) x on true`
        : sql``;
      const gr = groups.length > 0
        ? sql`left join lateral (select ${sql.join(groups)} from member_groups g where g.tenant_id = ${tenantId} and g.member_id = m.id and g.group_id in (${sql.join([...groupIds])})) gr on true`
        : sql``;
      return sql`${x} ${gr}`;
    },
  };
}

/** The JSON text of one stored value of the member `m`. */
function valueJson(db: Db, reads: ValueReads, s: StoredAs): RawBuilder<string> {
  switch (s.from) {
    case 'member':
      return s.as === 'flag' ? bool(sql<SqlBool>`${sql.ref(`m.${s.column}`)} = 1`) : json(db, sql.ref(`m.${s.column}`));
    case 'fullname':
      return json(db, sql`trim(m.firstname || ' ' || m.lastname)`);
    case 'value':
      if (s.as === 'checkbox') return bool(sql<SqlBool>`${reads.value(s.fieldId, 'value_num')} = 1`);
      return json(db, reads.value(s.fieldId, s.as === 'number' ? 'value_num' : 'value_text'));
    case 'group':
      return bool(reads.inGroup(s.groupId));
    case 'constant':
      return sql<string>`${s.value === null ? 'null' : 'true'}`;
  }
}

/**
 * The rows of these members with these names (rows.ts, storedRow), each as its JSON text: one
 * concatenation of keys and values per member, since json_object and json_build_object take
 * at most 63 and 50 names (a list may show 100) and PostgreSQL's puts spaces in. Ids close
 * together are read as a range of the table (repo.readByIds).
 */
export async function rowTexts(db: Db, tenantId: number, names: readonly { name: string; stored: StoredAs }[], ids: readonly number[]): Promise<[number, string][]> {
  const pg = isPostgres(db);
  const reads = pg ? postgresReads(tenantId) : sqliteReads(tenantId);
  const parts = names.map(({ name, stored }, i) => sql`${`${i === 0 ? '{' : ','}${JSON.stringify(name)}:`} || ${valueJson(db, reads, stored)}`);
  const text = sql<string>`${sql.join(parts, sql` || `)} || '}'`;
  // The joined aggregates have no tenant_id or id of their own: the members' are meant.
  const tenant = tenantTerm({ db, tenantId });
  const joins = reads.joins();
  // On SQLite on the reading thread (db/sqliteReader.ts), if it has one.
  const elsewhere = pg ? undefined : readerOf(db);
  const rows = await readByIds(db, ids, 'id', async (where) => {
    const query = sql<{ id: number; j: string }>`select m.id as id, ${text} as j from members m ${joins} where ${tenant} and ${where}`;
    const here = async () => (await query.execute(db)).rows;
    // A worker that has failed leaves the read to this thread, as before.
    return elsewhere ? elsewhere(query.compile(db)).catch(here) : here();
  });
  return rows.map((r) => [r.id, r.j]);
}
