import type { Db } from '../../db/kysely';
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

export async function appendMany(db: Db, tenantId: number, entries: HistoryEntry[]): Promise<void> {
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
