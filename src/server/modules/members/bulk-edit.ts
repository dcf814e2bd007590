import type { Deps } from '../../deps';
import { BULK_FLAGS, isBulkEditableField, NOT_BULK_EDITABLE } from '../../../shared/members/bulkEditable';
import { FLAG_LABELS, type MemberFlag } from '../../../shared/members/history';
import type { Member, Tenant } from '../../db/schema';
import type { Field, StoredValue } from '../../../shared/fields/types';
import { parseFieldValue, valueToText } from '../../../shared/fields/values';
import type { Filter } from '../../../shared/filter/types';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import type { BulkGetReply, BulkReply } from '../../../shared/schemas/bulk';
import { ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import * as history from '../history/repo';
import type { HistoryDatum } from '../history/repo';
import { open, type BatchRecorder } from '../batches/recorder';
import { endSessionsIn } from '../session/end';
import * as bulk from './bulk-repo';
import { loadModel, type MemberModel } from './model';
import { refreshSearchText } from './search-text';
import { isConsentGiven, resolveConsent } from '../../../shared/fields/consent';
import { iso } from '../../lib/clock';
import { memberSinceAt } from './memberSince';

// Bulk edit: set-based statements over the members a filter matches, in one transaction,
// recorded as an undoable batch (batches/recorder.ts) so undo restores exactly. The matched
// ids are pinned first, so an edit that changes what the filter matches cannot change which
// members it touches.

/** Not bulk-editable: names, sign-in data and rights are edited one member at a time. */
export { NOT_BULK_EDITABLE };
const FLAG_COLUMNS: ReadonlySet<string> = new Set(BULK_FLAGS);
/** Field types whose values are part of the quick-search text. */
const SEARCHED_TYPES = ['text', 'textarea', 'email', 'dropdown', 'integer', 'decimal'];

type Item =
  | { kind: 'col'; name: string; label: string; text: string | null; num: number | null; numeric: boolean }
  | { kind: 'value'; field: Field; value: StoredValue }
  | { kind: 'group'; id: number; name: string; label: string; on: boolean };

/**
 * Validates a bulk edit body: which items to set, to what. An empty value clears a field
 * for every member, so it must be asked for by name in `clear` (a value field skipped by
 * mistake must not clear the field for everyone).
 */
export function parseBulkData(data: Record<string, unknown>, model: MemberModel, clear: readonly string[] = [], today?: string): { items: Item[]; errors: ValidationErrors } {
  const items: Item[] = [];
  const errors: ValidationErrors = {};
  const clearing = new Set(clear);
  const entries: [string, unknown][] = [...Object.entries(data), ...[...clearing].filter((k) => !(k in data)).map((k): [string, unknown] => [k, null])];
  for (const [key, raw] of entries) {
    const field = model.byName.get(key);
    const group = model.groupByName.get(key);
    if (NOT_BULK_EDITABLE.has(key)) {
      errors[key] = ['members_bulk_not_editable'];
    } else if (clearing.has(key) && (!field || field.type === 'checkbox')) {
      errors[key] = ['_validation_invalid'];
    } else if (FLAG_COLUMNS.has(key) || group?.builtin === 'board') {
      const col = group?.builtin === 'board' ? 'board' : key;
      if (typeof raw !== 'boolean') errors[key] = ['_validation_invalid'];
      else items.push({ kind: 'col', name: col, label: FLAG_LABELS[col as MemberFlag], text: null, num: raw ? 1 : 0, numeric: true });
    } else if (group && !group.builtin) {
      if (typeof raw !== 'boolean') errors[key] = ['_validation_invalid'];
      else items.push({ kind: 'group', id: group.id, name: group.name, label: group.label, on: raw });
    } else if (field && isBulkEditableField(field)) {
      const parsed = parseFieldValue(field, raw, { today });
      const empty = parsed.ok && parsed.value.text === null && parsed.value.num === null;
      if (!parsed.ok) errors[key] = [parsed.key];
      // A checkbox's "no" is a value like "yes", not a clearing.
      else if (field.type !== 'checkbox' && empty !== clearing.has(key)) errors[key] = [empty ? 'members_bulk_empty_value' : 'members_bulk_clear_with_value'];
      else if (field.fixed) items.push({ kind: 'col', name: key, label: field.label, text: parsed.value.text, num: null, numeric: false });
      else items.push({ kind: 'value', field, value: parsed.value });
    } else {
      errors[key] = ['members_bulk_not_editable'];
    }
  }
  if (items.length === 0 && Object.keys(errors).length === 0) errors.general = ['members_bulk_nothing_to_change'];
  return { items, errors };
}

export async function bulkUpdate(deps: Deps, tenant: Tenant, me: Member, data: Record<string, unknown>, filter: Filter, clear: readonly string[] = []): Promise<BulkReply> {
  const model = await loadModel(deps.db, tenant.id);
  const { items, errors } = parseBulkData(data, model, clear, memberSinceAt(iso(deps.clock.now())));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const tid = tenant.id;
  const where = bulk.liveMatching({ db: deps.db, dialect: deps.dialect, tenantId: tid, model }, filter);
  const deactivates = items.some((i) => i.kind === 'col' && i.name === 'active' && i.num === 0);
  if (deactivates && (await bulk.includes(deps.db, where, me.id))) throw ValidationError.field('active', 'members_cannot_deactivate_self');
  const summary = {
    filter,
    changes: items.map((i) =>
      i.kind === 'col' ? { field: i.name, new: i.numeric ? i.num === 1 : i.text } : i.kind === 'value' ? { field: i.field.name, new: valueToText(i.field.type, i.value) || null } : { field: i.name, new: i.on },
    ),
  };
  return act(deps, tenant, me, 'members_bulkupdate', async (trx, line, at) => {
    const b = await open(trx, tid, { kind: 'bulkupdate', summary, authorId: me.id, at });
    await b.pin(where);
    for (const item of items) {
      if (item.kind === 'col') {
        await b.recordColumns([item.name]);
        await bulk.setColumn(trx, tid, b.members, item.name, item.numeric ? item.num : item.text);
      } else if (item.kind === 'value' && isConsentGiven(item.value)) {
        // Consent given today to those who had not given it; earlier consents keep their dates.
        await b.recordValues([item.field.id]);
        await bulk.giveValueWhereMissing(trx, tid, b.members, item.field.id, memberSinceAt(at));
      } else if (item.kind === 'value') {
        await b.recordValues([item.field.id]);
        await bulk.setValueOf(trx, tid, b.members, item.field.id, item.value.text, item.value.num);
      } else {
        await b.recordGroups([item.id]);
        await bulk.setGroupOf(trx, tid, b.members, item.id, item.on);
      }
    }
    // Deactivated members are signed out in the same transaction.
    if (deactivates) await endSessionsIn(trx, tid, b.members);
    await bulk.touch(trx, tid, b.members, at);
    if (items.some((i) => (i.kind === 'col' && !i.numeric) || (i.kind === 'value' && SEARCHED_TYPES.includes(i.field.type)))) {
      await refreshSearchText(trx, deps.dialect, tid, b.id, model);
    }
    await writeBatchHistory(b, trx, tid, me.id, items, memberSinceAt(at));
    const n = await b.finish();
    line.context = 'members';
    line.data = [...summary.changes.map((c) => ({ field: c.field, label: model.byName.get(c.field)?.label ?? model.groupByName.get(c.field)?.label, new: c.new })), { field: 'count', new: n }];
    line.batchId = b.id;
    return { batch_id: b.id, count: n };
  });
}

/** Member history for every member of a batch, old values from the batch, new from the items. */
async function writeBatchHistory(b: BatchRecorder, db: Deps['db'], tenantId: number, authorId: number, items: Item[], today: string): Promise<void> {
  const byMember = new Map<number, HistoryDatum[]>();
  for (const r of await b.recorded()) {
    const item = items.find((i) => (i.kind === 'col' ? i.name : i.kind === 'value' ? String(i.field.id) : String(i.id)) === r.item && i.kind === r.kind)!;
    let datum: HistoryDatum | null = null;
    if (item.kind === 'col') {
      const old = item.numeric ? r.old_num === 1 : r.old_text;
      const next = item.numeric ? item.num === 1 : item.text;
      if ((old ?? '') !== (next ?? '')) datum = { field: item.name, label: item.label, old: old ?? null, new: next ?? null };
    } else if (item.kind === 'value') {
      const old = valueToText(item.field.type, { text: r.old_text, num: r.old_num }) || null;
      const value = isConsentGiven(item.value) ? resolveConsent(item.value, { text: r.old_text, num: r.old_num }, today) : item.value;
      const next = valueToText(item.field.type, value) || null;
      if (old !== next) datum = { field: item.field.name, label: item.field.label, old, new: next };
    } else if ((r.old_num === 1) !== item.on) {
      datum = { field: item.name, label: item.label, old: r.old_num === 1, new: item.on };
    }
    if (datum) {
      const list = byMember.get(r.member_id) ?? [];
      list.push(datum);
      byMember.set(r.member_id, list);
    }
  }
  await history.appendMany(
    db,
    tenantId,
    [...byMember].map(([memberId, data]) => ({ memberId, context: 'PersonUpdate' as const, data, authorId, batchId: b.id, at: b.at })),
  );
}

/** How many members a bulk action would touch, with the first few for the confirmation. */
export async function bulkGet(deps: Deps, tenant: Tenant, filter: Filter): Promise<BulkGetReply> {
  const model = await loadModel(deps.db, tenant.id);
  const where = bulk.liveMatching({ db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model }, filter);
  const [count, sample] = await Promise.all([bulk.countWhere(deps.db, where), bulk.sampleWhere(deps.db, where, 5)]);
  return { count, sample: sample.map((m) => ({ id: m.id, fullname_: `${m.firstname} ${m.lastname}`.trim() })) };
}
