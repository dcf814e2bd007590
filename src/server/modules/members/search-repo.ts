import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import { undeferIndex } from './search-index';

// The SQL of refreshing members' quick-search text in bulk (search-text.ts): new texts are
// staged in a per-connection scratch table, and the statement that writes the members'
// other changes takes them from it (bulk-repo.ts writeMembers, undo-repo.ts touchTarget),
// so each row is written, and its search index entries made, once.

/** The SET item of a members UPDATE that writes each row's staged text (a row with none keeps its own). */
export const SET_STAGED_TEXT = sql`search_text = coalesce((select s.t from search_stage s where s.id = members.id), search_text)`;

/** Creates (or empties) the scratch table; callers run inside a transaction. */
export async function openStage(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`create temp table if not exists search_stage (id integer primary key, t text not null)`.execute(db);
  if (dialect === 'postgres') await sql`delete from search_stage`.execute(db);
}

export async function stage(db: Db, dialect: 'sqlite' | 'postgres', rows: readonly { id: number; text: string }[]): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'postgres') {
    // The ids and the texts as two JSON arrays zipped by ROWS FROM: one round trip, and no
    // quoting pass of node-postgres over every character, as a text array had (0.9 s for
    // 100 000 texts), nor an object per row.
    const ids = JSON.stringify(rows.map((r) => r.id));
    const texts = JSON.stringify(rows.map((r) => r.text));
    await sql`insert into search_stage (id, t) select r.i::integer, r.t from rows from (json_array_elements_text(${ids}::json), json_array_elements_text(${texts}::json)) as r(i, t)`.execute(db);
    return;
  }
  for (let k = 0; k < rows.length; k += 400) {
    const values = rows.slice(k, k + 400).map((c) => sql`(${c.id}, ${c.text})`);
    await sql`insert into search_stage (id, t) values ${sql.join(values)}`.execute(db);
  }
}

/**
 * The staged texts written, the scratch table is emptied for the connection's next use, and
 * the rest of the transaction indexes texts as usual (search-index.ts).
 */
export async function closeStage(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`delete from search_stage`.execute(db);
  await undeferIndex(db, dialect);
}
