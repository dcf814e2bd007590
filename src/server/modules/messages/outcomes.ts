import type { Db } from '../../db/kysely';
import type { MessageMedia } from '../../../shared/messages/media';
import type { DeliveryOutcome } from '../../../shared/members/upToDateness';
import { statesOf } from '../contacts/repo';
import { outcomesOfMedium, type Recipient } from './recipients-repo';

// What the last message to each recipient's current address or number did (contact_states),
// for reach: a bounced email address is not mailed again until it changes. An outcome counts
// only while the member still has the address it was recorded for.

/** Up to this many recipients their states are read by id (statesOf); beyond, the medium's states in one scan. */
const BY_ID_MAX = 2000;

export async function withOutcomes(db: Db, tenantId: number, rows: Omit<Recipient, 'last_email' | 'last_sms'>[], media: MessageMedia, byIdMax = BY_ID_MAX): Promise<Recipient[]> {
  if (media !== 'email' && media !== 'sms') return rows;
  const states =
    rows.length <= byIdMax
      ? (await statesOf(db, tenantId, rows.map((r) => r.id))).filter((st) => st.medium === media)
      : await outcomesOfMedium(db, tenantId, media);
  const out = rows as Recipient[];
  if (states.length === 0) return out;
  const byMember = new Map(states.map((st) => [st.member_id, st]));
  // Set on the rows in place: they are this request's own, and 100 000 copies would cost more than the query.
  for (const r of out) {
    const st = byMember.get(r.id);
    if (!st) continue;
    const address = media === 'email' ? r.email : r.phone;
    const outcome: DeliveryOutcome | null = address !== null && st.address === address ? st.outcome : null;
    if (media === 'email') r.last_email = outcome;
    else r.last_sms = outcome;
  }
  return out;
}
