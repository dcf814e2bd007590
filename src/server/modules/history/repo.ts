import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import type { HistoryDatum } from '../../../shared/members/history';

/** One changed value in a member history entry; its format is shared (src/shared/members/history.ts). */
export type { HistoryDatum };

export type HistoryContext = 'PersonInsert' | 'PersonUpdate' | 'PersonUpdateme';

export interface HistoryEntry {
  memberId: number;
  context: HistoryContext;
  data: HistoryDatum[];
  authorId: number | null;
  batchId?: string | null;
  at: string;
}

const CHUNK = 5000;

export async function appendMany(db: Db, tenantId: number, entries: HistoryEntry[]): Promise<void> {
  if (isPostgres(db)) {
    // Seven array parameters per 5 000 entries instead of seven per entry (a bulk edit's 100 000).
    for (let i = 0; i < entries.length; i += CHUNK) {
      const part = entries.slice(i, i + CHUNK);
      await sql`insert into member_history (tenant_id, member_id, context, data, author_id, batch_id, at)
        select ${tenantId}, * from unnest(${part.map((e) => e.memberId)}::integer[], ${part.map((e) => e.context)}::text[], ${part.map((e) => JSON.stringify(e.data))}::text[],
          ${part.map((e) => e.authorId)}::integer[], ${part.map((e) => e.batchId ?? null)}::text[], ${part.map((e) => e.at)}::text[])`.execute(db);
    }
    return;
  }
  // SQLite: the entries as one JSON parameter, read by json_each, one statement per 5 000 as on
  // PostgreSQL. Timed against the query builder's 500 rows of seven parameters: the same time
  // (0.6–0.9 s for a bulk edit's 100 000 entries).
  for (let i = 0; i < entries.length; i += CHUNK) {
    const rows = JSON.stringify(entries.slice(i, i + CHUNK).map((e) => [e.memberId, e.context, JSON.stringify(e.data), e.authorId, e.batchId ?? null, e.at]));
    await sql`insert into member_history (tenant_id, member_id, context, data, author_id, batch_id, at)
      select ${tenantId}, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5 from json_each(${rows}) r`.execute(db);
  }
}

export function forMember(db: Db, tenantId: number, memberId: number) {
  return db
    .selectFrom('member_history')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
