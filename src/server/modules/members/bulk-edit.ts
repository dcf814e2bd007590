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
import type { BatchItemHistory, HistoryDatum } from '../history/repo';
import { open, type BatchRecorder } from '../batches/recorder';
import { endSessionsIn } from '../session/end';
import * as bulk from './bulk-repo';
import { loadModel, type MemberModel } from './model';
import { searchModelKey, searchTextsAhead, stageSearchText } from './search-text';
import { SEARCHED_TYPES } from './present';
import { closeStage } from './search-repo';
import { catchUpSoon } from './search-index';
import { pinnedList } from '../batches/repo';
import { isConsentGiven, resolveConsent } from '../../../shared/fields/consent';
import { iso } from '../../lib/clock';
import { memberSinceAt } from './memberSince';

// Bulk edit: set-based statements over the members a filter matches, in one transaction,
// recorded as an undoable batch (batches/recorder.ts) so undo restores exactly. The matched
// ids are collected first, so an edit that changes what the filter matches cannot change
// which members it reaches; of those, only members whose values change are recorded, pinned,
// written and touched (a whole-register edit where many already have the value writes less).

/** Not bulk-editable: names, sign-in data and rights are edited one member at a time. */
export { NOT_BULK_EDITABLE };
const FLAG_COLUMNS: ReadonlySet<string> = new Set(BULK_FLAGS);

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
  const columns = items.flatMap((i) => (i.kind === 'col' ? [{ name: i.name, value: i.numeric ? i.num : i.text }] : []));
  const columnPatch = Object.fromEntries(columns.map((c) => [c.name, c.value])) as Partial<Member>;
  const searched = items.some((i) => (i.kind === 'col' && !i.numeric) || (i.kind === 'value' && SEARCHED_TYPES.includes(i.field.type)));
  // PostgreSQL: the new search texts are made on another connection while the transaction
  // records and writes (search-text.ts); if that fails, the transaction makes them itself.
  const ahead =
    searched && deps.dialect === 'postgres'
      ? searchTextsAhead(deps.db, tid, where, model, {
          columns: columnPatch,
          values: new Map(items.flatMap((i) => (i.kind === 'value' ? [[i.field.id, i.value.text === null && i.value.num === null ? null : i.value] as const] : []))),
        }).catch(() => undefined)
      : Promise.resolve(undefined);
  const reply = await act(deps, tenant, me, 'members_bulkupdate', async (trx, line, at) => {
    const b = await open(trx, tid, { kind: 'bulkupdate', summary, authorId: me.id, at });
    const matched = await bulk.fillScope(trx, deps.dialect, tid, where);
    // Record first, only where the value changes: a member who already has every value is
    // neither written nor touched, and its undo leaves it alone.
    for (const item of items) {
      if (item.kind === 'col') await b.recordColumnChange(bulk.SCOPE, item.name, item.numeric ? item.num : item.text);
      // Consent given today to those who had not given it; earlier consents keep their dates.
      else if (item.kind === 'value') await b.recordValueChange(bulk.SCOPE, item.field.id, isConsentGiven(item.value) ? 'missing' : item.value);
      else await b.recordGroupChange(bulk.SCOPE, item.id, item.on);
    }
    await b.pinRecorded(searchModelKey(model));
    for (const item of items) {
      if (item.kind === 'value') {
        const ids = b.recordedFor('value', String(item.field.id));
        if (isConsentGiven(item.value)) await bulk.giveValueWhereMissing(trx, tid, ids, item.field.id, memberSinceAt(at));
        else await bulk.setValueOf(trx, tid, ids, item.field.id, item.value.text, item.value.num);
      } else if (item.kind === 'group') {
        await bulk.setGroupOf(trx, tid, b.recordedFor('group', String(item.id)), item.id, item.on);
      }
    }
    // Deactivated members are signed out in the same transaction.
    if (deactivates) await endSessionsIn(trx, tid, bulk.SCOPE);
    if (searched) await stageSearchText(trx, deps.dialect, tid, await pinnedList(trx, tid, b.id), model, columnPatch, await ahead);
    // Every pinned member gets the columns: the others in scope already hold those values.
    await bulk.writeMembers(trx, tid, b.members, at, columns, searched);
    if (searched) await closeStage(trx, deps.dialect);
    await writeBatchHistory(b, trx, tid, me.id, items, memberSinceAt(at));
    const n = await b.finish(matched);
    line.context = 'members';
    line.data = [...summary.changes.map((c) => ({ field: c.field, label: model.byName.get(c.field)?.label ?? model.groupByName.get(c.field)?.label, new: c.new })), { field: 'count', new: n }];
    line.batchId = b.id;
    return { batch_id: b.id, count: n };
  });
  // Search index entries the edit left for after its commit (search-index.ts).
  void catchUpSoon(deps.db, deps.dialect);
  return reply;
}

/** Types whose value history shows as stored (valueToText is the text itself). */
const TEXT_TYPES: readonly string[] = ['text', 'textarea', 'email', 'dropdown'];

/**
 * How each item reads in history when the database can make the entries itself (history/repo.ts
 * appendFromBatch): columns, groups and text values; null when an item needs formatting here
 * (dates, numbers, a consent given today).
 */
function historyInSql(items: Item[]): BatchItemHistory[] | null {
  const out: BatchItemHistory[] = [];
  for (const i of items) {
    if (i.kind === 'col') out.push({ kind: 'col', item: i.name, field: i.name, label: i.label, old: i.numeric ? 'flag' : 'text', new: i.numeric ? i.num === 1 : i.text });
    else if (i.kind === 'group') out.push({ kind: 'group', item: String(i.id), field: i.name, label: i.label, old: 'flag', new: i.on });
    else if (TEXT_TYPES.includes(i.field.type) && !isConsentGiven(i.value)) out.push({ kind: 'value', item: String(i.field.id), field: i.field.name, label: i.field.label, old: 'value', new: i.value.text || null });
    else return null;
  }
  return out;
}

/** Member history for every member of a batch, old values from the batch, new from the items. */
async function writeBatchHistory(b: BatchRecorder, db: Deps['db'], tenantId: number, authorId: number, items: Item[], today: string): Promise<void> {
  const inSql = historyInSql(items);
  if (inSql) return history.appendFromBatch(db, tenantId, b.id, inSql, authorId, b.at);
  // Each member's data in the items' order, as the database makes it.
  const byMember = new Map<number, { pos: number; datum: HistoryDatum }[]>();
  for (const r of await b.recorded()) {
    const pos = items.findIndex((i) => (i.kind === 'col' ? i.name : i.kind === 'value' ? String(i.field.id) : String(i.id)) === r.item && i.kind === r.kind);
    const item = items[pos]!;
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
      list.push({ pos, datum });
      byMember.set(r.member_id, list);
    }
  }
  await history.appendMany(
    db,
    tenantId,
    [...byMember].map(([memberId, data]) => ({
      memberId,
      context: 'PersonUpdate' as const,
      data: data.sort((x, y) => x.pos - y.pos).map((d) => d.datum),
      authorId,
      batchId: b.id,
      at: b.at,
    })),
  );
}

/** How many members a bulk action would touch, with the first few for the confirmation. */
export async function bulkGet(deps: Deps, tenant: Tenant, filter: Filter): Promise<BulkGetReply> {
  const model = await loadModel(deps.db, tenant.id);
  const where = bulk.liveMatching({ db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model }, filter);
  const [count, sample] = await Promise.all([bulk.countWhere(deps.db, where), bulk.sampleWhere(deps.db, where, 5)]);
  return { count, sample: sample.map((m) => ({ id: m.id, fullname_: `${m.firstname} ${m.lastname}`.trim() })) };
}
