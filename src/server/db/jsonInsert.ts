import { sql } from 'kysely';
import { isPostgres, type Db } from './kysely';

// Many new rows sent as one JSON text a statement instead of a multi-row VALUES list. Binding
// each value cost the query builder and the driver a pass per parameter, and PostgreSQL parsing
// and planning thousands of them: the 20 000 batch rows of a 10 000-member import took 0,25 s
// in 250-row statements and 0,1 s as JSON. On PostgreSQL text arrays had cost node-postgres a
// quoting pass over every character (0,9 s of a whole-register edit's history).

/** How a column is read from the JSON on PostgreSQL (json_to_recordset); SQLite takes JSON's own types. */
export type JsonColumn = 'integer' | 'text' | 'double precision';

/** Rows a statement: each a few hundred bytes of JSON. */
const ROWS_PER_STATEMENT = 5000;

const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Text as the driver would have sent it: a lone UTF-16 surrogate becomes U+FFFD, as in UTF-8
 * encoding (JSON would carry it as an escape PostgreSQL refuses).
 */
function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string' && LONE_SURROGATE.test(value) ? value.replace(/\p{Cs}/gu, '\uFFFD') : value;
}

/**
 * Inserts `rows` into `table`: each row's `columns` (the row's keys, read as the given types),
 * and `fixed` columns with one value for every row (the association, the batch). For tables
 * whose new rows need nothing back; rows of one statement go in no particular order.
 */
export async function insertJsonRows(
  db: Db,
  table: string,
  columns: Readonly<Record<string, JsonColumn>>,
  rows: readonly object[],
  fixed: Readonly<Record<string, string | number | null>> = {},
): Promise<void> {
  const names = Object.keys(columns);
  const fixedNames = Object.keys(fixed);
  const target = sql.join([...fixedNames, ...names].map((c) => sql.ref(c)));
  const constants = fixedNames.map((c) => sql`${fixed[c]}`);
  const pg = isPostgres(db);
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT), wellFormed);
    const read = pg
      ? sql`select ${sql.join([...constants, ...names.map((c) => sql.ref(`r.${c}`))])} from json_to_recordset(${json}::json) as r(${sql.join(names.map((c) => sql`${sql.ref(c)} ${sql.raw(columns[c]!)}`))})`
      : sql`select ${sql.join([...constants, ...names.map((c) => sql`r.value ->> ${sql.lit(`$.${c}`)}`)])} from json_each(${json}) r`;
    await sql`insert into ${sql.table(table)} (${target}) ${read}`.execute(db);
  }
}
