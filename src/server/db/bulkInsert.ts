import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from './kysely';

// Many new rows as one JSON text a statement. Binding each value had cost the query builder
// and the driver a pass per parameter, and PostgreSQL parsing and planning thousands of them:
// an import's 20 000 batch rows 0,25 → 0,1 s on PostgreSQL, the import of 10 000 members as a
// whole 5,9–6,2 → 4,9–5,3 s there and 3,4 → 2,5–3,2 s on SQLite. Text arrays had cost
// node-postgres a quoting pass over every character (0,9 s of a whole-register edit's
// history). SQLite reads the rows through jsonb_each, whose rows are binary: json_each's are
// text it parses again for every column taken (20 columns of 10 000 rows: 0,35 s against 0,14 s).

/** How a column is read from the JSON on PostgreSQL (json_to_recordset). */
export type BulkColumn = 'integer' | 'text' | 'double precision';

type Fixed = Readonly<Record<string, string | number | null>>;
type Columns = Readonly<Record<string, BulkColumn>>;

/** Rows a statement: each a few hundred bytes of JSON. */
const ROWS = 5000;

const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Text as the driver would have sent it: a lone UTF-16 surrogate becomes U+FFFD, as in UTF-8
 * encoding (JSON would carry it as an escape PostgreSQL refuses).
 */
function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string' && LONE_SURROGATE.test(value) ? value.replace(/\p{Cs}/gu, '\uFFFD') : value;
}

/**
 * Inserts `rows` into `table`: each row's `columns` (keys of the row; a missing one is NULL,
 * not the column's default), and `fixed` columns with one value for every row (the
 * association, the batch).
 */
export async function bulkInsert(db: Db, table: string, columns: Columns, rows: readonly object[], fixed: Fixed = {}): Promise<void> {
  for (const part of parts(rows)) await fromJson(db, table, columns, part, fixed).execute(db);
}

/**
 * bulkInsert for a table with an `id` of its own: returns the new rows' ids in the order of
 * `rows`. The rows are inserted in that order, so each gets a larger id than the one before
 * (SQLite's next rowid, PostgreSQL's sequence), and the ids are matched to them sorted: neither
 * database promises RETURNING's rows in any order.
 */
export async function bulkInsertReturningIds(db: Db, table: string, columns: Columns, rows: readonly object[], fixed: Fixed = {}): Promise<number[]> {
  const ids: number[] = [];
  for (const part of parts(rows)) {
    const r = await sql<{ id: number }>`${fromJson(db, table, columns, part, fixed)} returning id`.execute(db);
    for (const id of r.rows.map((x) => Number(x.id)).sort((a, b) => a - b)) ids.push(id);
  }
  return ids;
}

function* parts(rows: readonly object[]): Generator<readonly object[]> {
  for (let i = 0; i < rows.length; i += ROWS) yield rows.slice(i, i + ROWS);
}

/** `insert into table (…) select … from <the rows' JSON> order by <their order>`. */
function fromJson(db: Db, table: string, columns: Columns, rows: readonly object[], fixed: Fixed): RawBuilder<unknown> {
  const names = Object.keys(columns);
  const fixedNames = Object.keys(fixed);
  const target = sql`insert into ${sql.table(table)} (${sql.join([...fixedNames, ...names].map((c) => sql.ref(c)))})`;
  const constants = fixedNames.map((c) => sql`${fixed[c]}`);
  const json = JSON.stringify(rows, wellFormed);
  if (!isPostgres(db)) {
    return sql`${target} select ${sql.join([...constants, ...names.map((c) => sql`r.value ->> ${sql.lit(`$.${c}`)}`)])} from jsonb_each(${json}) r order by r.key`;
  }
  const defined = sql.join(names.map((c) => sql`${sql.ref(c)} ${sql.raw(columns[c]!)}`));
  const aliases = sql.join([...names.map((c) => sql.ref(c)), sql.ref('json_order')]);
  return sql`${target} select ${sql.join([...constants, ...names.map((c) => sql.ref(`r.${c}`))])}
    from rows from (json_to_recordset(${json}::json) as (${defined})) with ordinality as r(${aliases}) order by r.json_order`;
}
