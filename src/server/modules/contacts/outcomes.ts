import type { Db } from '../../db/kysely';
import type { RecordedOutcome } from '../../../shared/members/upToDateness';
import { statesOf } from './repo';

// The recorded outcomes of a page of members, read in one go (chunked by statesOf), indexed
// by member: the member reply and list rows derive up-to-dateness from them.

export type OutcomesByMember = ReadonlyMap<number, readonly RecordedOutcome[]>;

export const NO_OUTCOMES: OutcomesByMember = new Map();

export async function outcomesOf(db: Db, tenantId: number, memberIds: readonly number[]): Promise<OutcomesByMember> {
  if (memberIds.length === 0) return NO_OUTCOMES;
  const out = new Map<number, RecordedOutcome[]>();
  for (const s of await statesOf(db, tenantId, memberIds)) {
    const r: RecordedOutcome = { medium: s.medium, address: s.address, outcome: s.outcome, at: s.at };
    const list = out.get(s.member_id);
    if (list) list.push(r);
    else out.set(s.member_id, [r]);
  }
  return out;
}
