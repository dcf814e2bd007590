import crypto from 'node:crypto';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/kysely';
import * as repo from './repo';
import type { RecordedRow } from './repo';

/*
 * One way to make a change undoable: record it as a batch.
 *
 *   const b = await open(trx, tenantId, { kind: 'bulkupdate', summary, authorId: me.id, at });
 *   await b.pin(whereOverMembersM);   // or b.pin([12, 13]): the members in scope
 *   await b.recordColumns(['address_city']);  // set-based: their current values…
 *   await b.recordValues([fieldId]);          // …of custom fields
 *   await b.recordGroups([groupId]);          // …and group memberships (in or not)
 *   await b.recordRows(rows);                 // or explicit rows the caller read itself
 *   await b.recordCreated(newIds);            // members the batch created (undo deletes them)
 *   // … change the members (set statements may use `b.members` as `m.id in ${b.members}`) …
 *   const count = await b.finish();           // member_count = members pinned
 *
 * Rules: call it inside the action's transaction, and use the same `at` for every row the
 * action touches (members.updated_at = batch time is how undo tells "changed since").
 * Record before changing: the set-based calls read the values as they are now. An undo
 * (service.ts) puts back exactly what was recorded, for each member only the items recorded
 * for that member, and only for pinned members not changed since.
 */

export interface OpenBatch {
  /** What kind of change (bulkupdate, bulkremove, delete, import…): the list and the log name it. */
  kind: string;
  /** Stored as JSON: what the batch did (for the batch list and the undo's history). */
  summary: unknown;
  authorId: number | null;
  /** The action's time (ISO UTC). */
  at: string;
}

export interface BatchRecorder {
  readonly id: string;
  readonly at: string;
  /** The pinned members as an SQL subquery. */
  readonly members: RawBuilder<unknown>;
  /** Pins members: explicit ids, or the members a condition over `members m` matches. Returns how many are pinned so far. */
  pin(members: readonly number[] | RawBuilder<unknown>): Promise<number>;
  recordColumns(columns: readonly string[]): Promise<void>;
  recordValues(fieldIds: readonly number[]): Promise<void>;
  recordGroups(groupIds: readonly number[]): Promise<void>;
  /** Explicit before-values (the member must be pinned for undo to restore it). */
  recordRows(rows: readonly RecordedRow[]): Promise<void>;
  /** Pins members the batch created and marks them so undo removes them. */
  recordCreated(memberIds: readonly number[]): Promise<void>;
  /** The before-values recorded so far (no pins). */
  recorded(): Promise<RecordedRow[]>;
  /** Sets the batch's member count (members pinned) and returns it. */
  finish(): Promise<number>;
}

export type { RecordedRow };

export async function open(db: Db, tenantId: number, opts: OpenBatch): Promise<BatchRecorder> {
  const id = crypto.randomUUID();
  await repo.insertBatch(db, tenantId, { id, ...opts });
  const pinRows = (ids: readonly number[], kind: string) => ids.map((member_id) => ({ member_id, kind, item: '', old_text: null, old_num: null }));
  return {
    id,
    at: opts.at,
    members: repo.pinnedIds(tenantId, id),
    async pin(members) {
      if (Array.isArray(members)) await repo.insertRows(db, tenantId, id, pinRows(members as readonly number[], 'member'));
      else await repo.pinWhere(db, tenantId, id, members as RawBuilder<unknown>);
      const n = await repo.countPinned(db, tenantId, id);
      await repo.refreshPlannerStats(db, n);
      return n;
    },
    async recordColumns(columns) {
      for (const c of columns) await repo.recordColumn(db, tenantId, id, c);
    },
    async recordValues(fieldIds) {
      for (const f of fieldIds) await repo.recordValue(db, tenantId, id, f);
    },
    async recordGroups(groupIds) {
      for (const g of groupIds) await repo.recordGroup(db, tenantId, id, g);
    },
    recordRows: (rows) => repo.insertRows(db, tenantId, id, rows),
    recordCreated: (ids) => repo.insertRows(db, tenantId, id, [...pinRows(ids, 'member'), ...pinRows(ids, 'created')]),
    recorded: () => repo.recordedRows(db, tenantId, id),
    async finish() {
      const n = await repo.countPinned(db, tenantId, id);
      await repo.setMemberCount(db, tenantId, id, n);
      return n;
    },
  };
}
