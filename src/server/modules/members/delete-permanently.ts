import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import type { Filter } from '../../../shared/filter/types';
import { act } from '../log/act';
import { scrubMembersFromListings } from '../log/erase-repo';
import { deleteRowsOfMembers } from '../batches/repo';
import { endSessionsOf } from '../session/end';
import * as bulk from './bulk-repo';
import { deliveriesTo, eraseTraces, erasureTerms } from './erase-repo';
import { eraseFiles } from './erase-files';
import { loadModel } from './model';
import * as purge from './purge-repo';
import { refuseBulkIfEmailOutgoing } from '../contacts/outgoing';
import type { Db } from '../../db/kysely';
import { pseudonymiseAccounting } from '../retention/pseudonymise';

const CHUNK = 1000;

/**
 * Permanently deletes matching members that are already in the bin: the member rows,
 * their values, memberships, history and undo records, and the personal data in their
 * log entries. One anonymous log line remains (GDPR right to erasure). Whatever else
 * names them (other log rows, stored filters, throttling keys, uploads, outbox mails)
 * goes too: erase.ts and erase-files.ts.
 */
export async function deletePermanently(deps: Deps, tenant: Tenant, me: Member, filter: Filter): Promise<{ count: number }> {
  const model = await loadModel(deps.db, tenant.id);
  const tid = tenant.id;
  const where = bulk.deletedMatching({ db: deps.db, dialect: deps.dialect, tenantId: tid, model }, filter);
  const ids = await bulk.idsWhere(deps.db, where);
  if (ids.length === 0) return { count: 0 };
  return eraseMembers(deps, tenant, me, ids, { event: 'members_deleted_permanently', guard: (trx) => refuseBulkIfEmailOutgoing(trx, tid, where) });
}

/**
 * The erase itself, for a hand-made permanent delete and the retention job (author null):
 * one transaction with its log line (`opts.event`, the count), `opts.guard` run first inside it.
 */
export async function eraseMembers(
  deps: Deps,
  tenant: Tenant,
  me: Member | null,
  ids: readonly number[],
  opts: { event: 'members_deleted_permanently' | 'retention_members_erased'; guard?: (trx: Db) => Promise<void> },
): Promise<{ count: number }> {
  const tid = tenant.id;
  const { terms, deliveries } = await act(deps, tenant, me, opts.event, async (trx, line, at) => {
    await opts.guard?.(trx);
    // Read before the rows go: what names them elsewhere (GDPR Art. 17).
    const { people, terms } = await erasureTerms(trx, deps.dialect, tid, ids);
    const deliveries = await deliveriesTo(trx, tid, ids);
    // Accounting rows keep a pseudonym instead of the name (retention/pseudonymise.ts).
    await pseudonymiseAccounting(deps, trx, tid, people, terms, at);
    for (let i = 0; i < ids.length; i += CHUNK) await purge.emptySignInLines(trx, tid, ids.slice(i, i + CHUNK));
    await eraseTraces(trx, deps.dialect, tid, ids, terms);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      await deleteRowsOfMembers(trx, tid, chunk);
      await purge.emptyLinesAbout(trx, tid, chunk);
      await endSessionsOf(trx, tid, chunk);
      await purge.deleteMembers(trx, tid, chunk);
    }
    await scrubMembersFromListings(trx, tid, ids);
    line.context = 'members';
    line.data = [{ field: 'count', new: ids.length }];
    return { terms, deliveries };
  });
  await eraseFiles(deps, tenant, terms, deliveries);
  return { count: ids.length };
}
