import type { Deps } from '../../deps';
import { FLAG_LABELS, type MemberFlag } from '../../../shared/members/history';
import type { Member, Tenant } from '../../db/schema';
import { BATCH_PAGE_SIZE, type BatchInfo, type BatchesReply, type UndoReply } from '../../../shared/schemas/batches';
import { valueToText } from '../../../shared/fields/values';
import { HttpError, NotFound } from '../../lib/errors';
import { act } from '../log/act';
import * as history from '../history/repo';
import type { HistoryDatum } from '../history/repo';
import { loadModel, type MemberModel } from '../members/model';
import { namesOf } from '../members/repo';
import { deleteMembers } from '../members/purge-repo';
import { searchModelKey, stageSearchText } from '../members/search-text';
import { closeStage } from '../members/search-repo';
import { catchUpSoon, deferIndex, FTS_LATER, undeferIndex } from '../members/search-index';
import { SEARCHED_COLUMNS, SEARCHED_TYPES } from '../members/present';
import { endSessionsIn, endSessionsOf } from '../session/end';
import * as list from './list-repo';
import type { BatchRow } from './list-repo';
import * as undo from './undo-repo';
import { valuesBeforeUndo } from './undo-before';

// Undo of any batch (bulk edit, bulk remove/restore, delete, import): puts back exactly
// the values the batch recorded (recorder.ts). A member changed after the batch (updated_at
// moved on) is a conflict: undo refuses and names them, unless told to keep those members
// as they are. And the list of batches ("Viimeisimmät muutokset"): who did what to how
// many, and whether (or when and by whom) it was undone; a batch's log entry shows the same.

export async function undoBatch(deps: Deps, tenant: Tenant, me: Member, batchId: string, opts: { keepChanged: boolean }): Promise<UndoReply> {
  const tid = tenant.id;
  const batch = await undo.findBatch(deps.db, tid, batchId);
  if (!batch) throw new NotFound();
  if (batch.undone_at) throw new HttpError(409, { errors: { general: ['members_undo_already_done'] } });
  const model = await loadModel(deps.db, tid);

  const reply = await act(deps, tenant, me, 'batch_undone', async (trx, line, at) => {
    // Members changed since the batch (or gone for good) are not touched blindly.
    const changed = await undo.changedSince(trx, tid, batch);
    if (changed.length > 0 && !opts.keepChanged) {
      throw new HttpError(409, {
        errors: { general: ['members_undo_conflict'] },
        params: { count: changed.length, members: changed.slice(0, 20).map((m) => `${m.firstname} ${m.lastname}`.trim()) },
      });
    }
    const restored = await undo.fillTarget(trx, tid, batch);
    const rows = await undo.targetRows(trx, tid, batchId);
    const current = batch.kind === 'import' ? await valuesBeforeUndo(trx, tid, batchId, model, rows) : null;
    const items = await undo.recordedItems(trx, tid, batchId);
    for (const { kind, item } of items) {
      if (kind === 'col') {
        await undo.restoreColumn(trx, tid, batchId, item);
        // Rights given back or taken by the undo: sessions from before it end.
        if (['active', 'site_admin', 'deleted_at'].includes(item)) await endSessionsIn(trx, tid, undo.recordedFor(tid, batchId, kind, item));
      } else if (kind === 'value') {
        await undo.restoreValue(trx, tid, batchId, Number(item));
      } else if (kind === 'group') {
        await undo.restoreGroup(trx, tid, batchId, Number(item));
      } else if (kind === 'created') {
        // Members the batch created (imports) go away on undo, with their history.
        const ids = await undo.createdMembers(trx, tid, batchId);
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          await endSessionsOf(trx, tid, chunk);
          await deleteMembers(trx, tid, chunk);
        }
      }
    }
    // Each restored member is written once more: updated_at and, when the batch put back
    // something its search text is made of, that text together.
    const searched = items.some(({ kind, item }) => searchedItem(model, kind, item));
    if (searched && (await undo.pinnedTextsHold(trx, tid, batchId, searchModelKey(model)))) {
      if (restored >= FTS_LATER.from) await deferIndex(trx, deps.dialect, tid, undo.TARGET);
      await undo.touchTarget(trx, tid, batchId, at, 'pinned');
      await undeferIndex(trx, deps.dialect);
    } else {
      if (searched) await stageSearchText(trx, deps.dialect, tid, await undo.targetIds(trx), model);
      await undo.touchTarget(trx, tid, batchId, at, searched ? 'staged' : null);
      if (searched) await closeStage(trx, deps.dialect);
    }
    await history.appendMany(trx, tid, undoHistory(model, batch, rows, current).map(([memberId, data]) => ({ memberId, context: 'PersonUpdate' as const, data, authorId: me.id, batchId, at })));
    await undo.markUndone(trx, tid, batchId, at);
    line.context = batch.kind;
    line.data = [
      { field: 'restored', new: restored },
      { field: 'kept', new: changed.length },
    ];
    line.batchId = batchId;
    return { batch_id: batchId, restored, kept: changed.length };
  });
  // Search index entries the undo left for after its commit (members/search-index.ts).
  void catchUpSoon(deps.db, deps.dialect);
  return reply;
}

/** Whether a recorded item feeds the quick-search text: a name or contact column, or a value of a searched type. */
function searchedItem(model: MemberModel, kind: string, item: string): boolean {
  if (kind === 'col') return (SEARCHED_COLUMNS as readonly string[]).includes(item);
  if (kind === 'value') return SEARCHED_TYPES.includes(model.custom.find((f) => String(f.id) === item)?.type ?? '');
  return false;
}

/** One PersonUpdate per restored member naming what came back, from what to what. */
function undoHistory(model: MemberModel, batch: undo.Batch, rows: undo.RecordedRow[], current: Map<string, unknown> | null): [number, HistoryDatum[]][] {
  // Untouched since the batch, each member still holds what the batch set (its summary).
  const summary = JSON.parse(batch.summary) as { changes?: { field: string; new: unknown }[] };
  const applied = new Map((summary.changes ?? []).map((c) => [c.field, c.new]));
  const byMember = new Map<number, HistoryDatum[]>();
  for (const r of rows) {
    const field = r.kind === 'value' ? model.custom.find((f) => String(f.id) === r.item) : undefined;
    const group = r.kind === 'group' ? model.groups.find((g) => String(g.id) === r.item) : undefined;
    const name = field?.name ?? group?.name ?? r.item;
    const label = field?.label ?? group?.label ?? model.byName.get(r.item)?.label ?? (r.item === 'deleted_at' ? 'Poistettu' : r.item);
    const restoredValue =
      r.kind === 'value' && field
        ? valueToText(field.type, { text: r.old_text, num: r.old_num }) || null
        : r.kind === 'group' || ['active', 'board'].includes(r.item)
          ? r.old_num === 1
          : r.old_text;
    const before =
      r.item === 'deleted_at'
        ? restoredValue === null
          ? batch.created_at
          : null
        : current
          ? (current.get(`${r.member_id}:${r.kind}:${r.item}`) ?? null)
          : (applied.get(name) ?? null);
    if (JSON.stringify(before) === JSON.stringify(restoredValue)) continue;
    const list = byMember.get(r.member_id) ?? [];
    list.push({ field: name, label, old: before, new: restoredValue });
    byMember.set(r.member_id, list);
  }
  return [...byMember];
}

// --- the list of batches ---


const fullname = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function parseSummary(text: string): { changes?: { field: string; new: unknown }[]; member?: number } {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null ? (v as { changes?: { field: string; new: unknown }[]; member?: number }) : {};
  } catch {
    return {};
  }
}

/** Labels and readable values for a bulk edit's changes (never raw option codes). */
function changesOf(model: MemberModel, summary: ReturnType<typeof parseSummary>): BatchInfo['summary']['changes'] {
  return (summary.changes ?? []).map((c) => {
    const field = model.byName.get(c.field);
    const group = model.groupByName.get(c.field);
    const label = field?.label ?? group?.label ?? FLAG_LABELS[c.field as MemberFlag] ?? c.field;
    let value = c.new;
    if (field?.type === 'dropdown' && typeof value === 'string') value = field.options.find((o) => o.value === value)?.label ?? value;
    return { field: c.field, label, new: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null };
  });
}

async function present(deps: Deps, tenantId: number, rows: BatchRow[]): Promise<BatchInfo[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const model = await loadModel(deps.db, tenantId);
  const summaries = new Map(rows.map((r) => [r.id, parseSummary(r.summary)]));
  const memberIds = [...new Set([...summaries.values()].map((s) => s.member).filter((m): m is number => typeof m === 'number'))];
  const [logRows, undoRows, hasMembers, imports, members] = await Promise.all([
    list.firstLogIds(deps.db, tenantId, ids),
    list.undoLines(deps.db, tenantId, ids),
    list.withPins(deps.db, tenantId, ids),
    list.importFilenames(deps.db, tenantId, ids),
    namesOf(deps.db, tenantId, memberIds),
  ]);
  const logId = new Map(logRows.map((r) => [r.batch_id, Number(r.id)]));
  const undoneBy = new Map(undoRows.map((r) => [r.batch_id, r.author_id !== null && r.firstname !== null ? { id: r.author_id, name: fullname(r.firstname, r.lastname) } : null]));
  const filename = new Map(imports.map((r) => [r.batch_id, r.filename]));
  const memberName = new Map(members.map((m) => [m.id, fullname(m.firstname, m.lastname)]));
  return rows.map((r) => {
    const s = summaries.get(r.id)!;
    const member = typeof s.member === 'number' && memberName.has(s.member) ? { id: s.member, name: memberName.get(s.member)! } : null;
    return {
      batch_id: r.id,
      kind: r.kind,
      created_at: r.created_at,
      author: r.author_id !== null && r.author_firstname !== null ? { id: r.author_id, name: fullname(r.author_firstname, r.author_lastname) } : null,
      member_count: r.member_count,
      undone_at: r.undone_at,
      undone_by: undoneBy.get(r.id) ?? null,
      can_undo: r.undone_at === null && hasMembers.has(r.id),
      log_id: logId.get(r.id) ?? null,
      summary: { changes: r.kind === 'bulkupdate' ? changesOf(model, s) : [], member, filename: filename.get(r.id) ?? null },
    };
  });
}

export async function listBatches(deps: Deps, tenant: Tenant, page: number): Promise<BatchesReply> {
  const [rows, total] = await Promise.all([list.page(deps.db, tenant.id, BATCH_PAGE_SIZE, page * BATCH_PAGE_SIZE), list.count(deps.db, tenant.id)]);
  return { results: await present(deps, tenant.id, rows), count: total };
}

/** One batch's state, for its log entry; null when it is not this association's. */
export async function batchInfo(deps: Deps, tenantId: number, batchId: string): Promise<BatchInfo | null> {
  const row = await list.one(deps.db, tenantId, batchId);
  return row ? ((await present(deps, tenantId, [row]))[0] ?? null) : null;
}
