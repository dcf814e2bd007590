import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import { undeferIndex } from './search-index';

// The SQL of refreshing members' quick-search text in bulk (search-text.ts): new texts are
// staged in a per-connection scratch table, and the statement that writes the members'
// other changes takes them from it (bulk-repo.ts writeMembers, undo-repo.ts touchTarget),
// so each row is written, and its search index entries made, once.

/** The SET item of a members UPDATE that writes each row's staged text (a row with none keeps its own). */
export const SET_STAGED_TEXT = sql`search_text = coalesce((select s.t from search_stage s where s.id = members.id), search_text)`;

/** The ids of the members with a staged text, as a set for `in`. */
export const STAGED_IDS = sql`(select id from search_stage)`;

/** A member's new text; `at`: the member's updated_at when a text made ahead was made (search-text.ts). */
export interface StagedText {
  id: number;
  text: string;
  at?: string;
}

/** Creates (or empties) the scratch table; callers run inside a transaction. */
export async function openStage(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`create temp table if not exists search_stage (id integer primary key, t text not null, at text)`.execute(db);
  if (dialect === 'postgres') await sql`delete from search_stage`.execute(db);
}

export async function stage(db: Db, dialect: 'sqlite' | 'postgres', rows: readonly StagedText[]): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'postgres') {
    // The ids, texts and times as JSON arrays zipped by ROWS FROM: one round trip, and no
    // quoting pass of node-postgres over every character, as a text array had (0.9 s for
    // 100 000 texts), nor an object per row.
    const ids = JSON.stringify(rows.map((r) => r.id));
    const texts = JSON.stringify(rows.map((r) => r.text));
    const times = JSON.stringify(rows.map((r) => r.at ?? null));
    await sql`insert into search_stage (id, t, at) select r.i::integer, r.t, r.a
      from rows from (json_array_elements_text(${ids}::json), json_array_elements_text(${texts}::json), json_array_elements_text(${times}::json)) as r(i, t, a)`.execute(db);
    return;
  }
  for (let k = 0; k < rows.length; k += 400) {
    const values = rows.slice(k, k + 400).map((c) => sql`(${c.id}, ${c.text}, ${c.at ?? null})`);
    await sql`insert into search_stage (id, t, at) values ${sql.join(values)}`.execute(db);
  }
}

/** Staged texts made ahead whose member has been written since (its updated_at moved on). */
export async function stagedSinceMoved(db: Db, tenantId: number): Promise<number[]> {
  const r = await sql<{ id: number }>`select s.id from search_stage s join members m on m.tenant_id = ${tenantId} and m.id = s.id where s.at is not null and s.at <> m.updated_at order by s.id`.execute(db);
  return r.rows.map((x) => x.id);
}

export async function unstage(db: Db, ids: readonly number[]): Promise<void> {
  for (let k = 0; k < ids.length; k += 500) await sql`delete from search_stage where id in (${sql.join(ids.slice(k, k + 500))})`.execute(db);
}

/**
 * The staged texts written, the scratch table is emptied for the connection's next use, and
 * the rest of the transaction indexes texts as usual (search-index.ts).
 */
export async function closeStage(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`delete from search_stage`.execute(db);
  await undeferIndex(db, dialect);
}
