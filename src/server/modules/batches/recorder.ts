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
 * Or, when one value is set for many members (bulk edit), only for those it changes:
 *
 *   await b.recordColumnChange(scope, 'address_city', 'Kuopio');  // members in scope with another value
 *   await b.recordValueChange(scope, fieldId, { text, num });      // (or 'missing': only those without one)
 *   await b.recordGroupChange(scope, groupId, true);
 *   await b.pinRecorded(searchModelKey(model));                    // pins the members anything was recorded for
 *   // … change `b.recordedFor('value', String(fieldId))` …; b.finish(matched) keeps the matched count
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
  /** Records a column's current value for the members in `scope` (ids subquery) whose value differs from `value`. */
  recordColumnChange(scope: RawBuilder<unknown>, column: string, value: string | number | null): Promise<void>;
  /** Records a custom field's current value where setting `value` changes it ('missing': only where there is none). */
  recordValueChange(scope: RawBuilder<unknown>, fieldId: number, value: { text: string | null; num: number | null } | 'missing'): Promise<void>;
  /** Records group membership for the members `on` would move in or out. */
  recordGroupChange(scope: RawBuilder<unknown>, groupId: number, on: boolean): Promise<void>;
  /** Pins the members anything was recorded for, keeping their search texts made under `searchKey`; returns how many. */
  pinRecorded(searchKey: number): Promise<number>;
  /** The members recorded for one item, as an SQL subquery. */
  recordedFor(kind: string, item: string): RawBuilder<unknown>;
  /** The before-values recorded so far (no pins). */
  recorded(): Promise<RecordedRow[]>;
  /** Sets the batch's member count (members pinned, or `count` when given) and returns it. */
  finish(count?: number): Promise<number>;
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
    recordColumnChange: (scope, column, value) => repo.recordColumnChange(db, tenantId, id, scope, column, value),
    recordValueChange: (scope, fieldId, value) => repo.recordValueChange(db, tenantId, id, scope, fieldId, value),
    recordGroupChange: (scope, groupId, on) => repo.recordGroupChange(db, tenantId, id, scope, groupId, on),
    async pinRecorded(searchKey) {
      await repo.pinRecorded(db, tenantId, id, searchKey);
      const n = await repo.countPinned(db, tenantId, id);
      await repo.refreshPlannerStats(db, n);
      return n;
    },
    recordedFor: (kind, item) => repo.recordedIds(tenantId, id, kind, item),
    recorded: () => repo.recordedRows(db, tenantId, id),
    async finish(count) {
      const n = count ?? (await repo.countPinned(db, tenantId, id));
      await repo.setMemberCount(db, tenantId, id, n);
      return n;
    },
  };
}
