import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/kysely';
import { ValidationError } from '../../lib/errors';
import { countWithOutgoingEmail, hasOutgoingEmail } from './outgoing-repo';

// "Cannot delete members with queued outgoing email" (spec §5): a delivery still queued or
// being sent names the member and their address, so deleting (to the bin or for good) waits
// until the outbox is done with them. Called inside the deleting transaction, before any
// change, so a refusal leaves nothing half done.

/** Refuses deleting one member while email to them is queued or being sent. */
export async function refuseIfEmailOutgoing(db: Db, tenantId: number, memberId: number): Promise<void> {
  if (await hasOutgoingEmail(db, tenantId, memberId)) throw ValidationError.general('members_queued_email');
}

/** Refuses a bulk delete as a whole while any of its members has email going out, saying how many. */
export async function refuseBulkIfEmailOutgoing(db: Db, tenantId: number, where: RawBuilder<unknown>): Promise<void> {
  const count = await countWithOutgoingEmail(db, tenantId, where);
  if (count > 0) throw ValidationError.general('members_bulk_queued_email', { count });
}
