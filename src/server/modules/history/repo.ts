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

const CHUNK = 500;
const PG_CHUNK = 5000;

export async function appendMany(db: Db, tenantId: number, entries: HistoryEntry[]): Promise<void> {
  if (isPostgres(db)) {
    // Seven array parameters per 5 000 entries instead of seven per entry (a bulk edit's 100 000).
    for (let i = 0; i < entries.length; i += PG_CHUNK) {
      const part = entries.slice(i, i + PG_CHUNK);
      await sql`insert into member_history (tenant_id, member_id, context, data, author_id, batch_id, at)
        select ${tenantId}, * from unnest(${part.map((e) => e.memberId)}::integer[], ${part.map((e) => e.context)}::text[], ${part.map((e) => JSON.stringify(e.data))}::text[],
          ${part.map((e) => e.authorId)}::integer[], ${part.map((e) => e.batchId ?? null)}::text[], ${part.map((e) => e.at)}::text[])`.execute(db);
    }
    return;
  }
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db
      .insertInto('member_history')
      .values(
        entries.slice(i, i + CHUNK).map((e) => ({
          tenant_id: tenantId,
          member_id: e.memberId,
          context: e.context,
          data: JSON.stringify(e.data),
          author_id: e.authorId,
          batch_id: e.batchId ?? null,
          at: e.at,
        })),
      )
      .execute();
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
