import type { RawBuilder } from 'kysely';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import type { Filter } from '../../../shared/filter/types';
import { act } from '../log/act';
import { open } from '../batches/recorder';
import { endSessionsIn } from '../session/end';
import * as bulk from './bulk-repo';
import type { BulkReply } from '../../../shared/schemas/bulk';
import { loadModel } from './model';
import { refuseBulkIfEmailOutgoing } from '../contacts/outgoing';

// Bulk remove (to the bin) and bulk restore: one undoable batch that records each
// member's deleted_at before setting it.

const REMOVE = { remove: true, kind: 'bulkremove', event: 'members_bulkremove' } as const;
const RESTORE = { remove: false, kind: 'bulkrestore', event: 'members_bulkrestore' } as const;

/** Sets deleted_at (a time, or null to restore) for the members `where` matches, as one undoable batch. */
async function setDeletedAt(deps: Deps, tenant: Tenant, me: Member, filter: Filter, where: RawBuilder<unknown>, how: typeof REMOVE | typeof RESTORE): Promise<BulkReply> {
  const { remove, kind } = how;
  return act(deps, tenant, me, how.event, async (trx, line, at) => {
    if (remove) await refuseBulkIfEmailOutgoing(trx, tenant.id, where);
    const b = await open(trx, tenant.id, { kind, summary: { filter }, authorId: me.id, at });
    await b.pin(where);
    await b.recordColumns(['deleted_at']);
    await bulk.setDeletedAt(trx, tenant.id, b.members, remove ? at : null, at);
    // Removed members are signed out in the same transaction.
    if (remove) await endSessionsIn(trx, tenant.id, b.members);
    const n = await b.finish();
    line.context = 'members';
    line.data = [{ field: 'count', new: n }];
    line.batchId = b.id;
    return { batch_id: b.id, count: n };
  });
}

/** Soft-deletes every matching member (never the caller) as one undoable batch. */
export async function bulkRemove(deps: Deps, tenant: Tenant, me: Member, filter: Filter): Promise<BulkReply> {
  const model = await loadModel(deps.db, tenant.id);
  const where = bulk.liveMatching({ db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model }, filter, me.id);
  return setDeletedAt(deps, tenant, me, filter, where, REMOVE);
}

/** Restores every matching deleted member whose email and phone are still free. */
export async function bulkRestore(deps: Deps, tenant: Tenant, me: Member, filter: Filter): Promise<BulkReply> {
  const model = await loadModel(deps.db, tenant.id);
  const where = bulk.restorableMatching({ db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model }, filter);
  return setDeletedAt(deps, tenant, me, filter, where, RESTORE);
}
