import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Tenant } from '../../db/schema';
import { BATCH_PAGE_SIZE, type BatchInfo, type BatchesReply } from '../../../shared/schemas/batches';
import { loadModel, type MemberModel } from './model';

// "Viimeisimmät muutokset" (issue 21 point 5): the association's undoable batches, newest
// first, with who did what to how many, and whether (or when and by whom) it was undone.
// The log entry of a batch carries the same state (log/service.ts).

const FLAG_LABELS: Record<string, string> = { active: 'Aktiivinen', board: 'Hallitus' };

type BatchRow = {
  id: string;
  kind: string;
  summary: string;
  member_count: number;
  created_at: string;
  undone_at: string | null;
  author_id: number | null;
  author_firstname: string | null;
  author_lastname: string | null;
};

const fullname = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function baseQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('batches as b')
    .leftJoin('members as a', (j) => j.onRef('a.tenant_id', '=', 'b.tenant_id').onRef('a.id', '=', 'b.author_id'))
    .where('b.tenant_id', '=', tenantId)
    .select(['b.id', 'b.kind', 'b.summary', 'b.member_count', 'b.created_at', 'b.undone_at', 'b.author_id', 'a.firstname as author_firstname', 'a.lastname as author_lastname']);
}

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
    const label = field?.label ?? group?.label ?? FLAG_LABELS[c.field] ?? c.field;
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
  const [logRows, undoRows, pinned, imports, members] = await Promise.all([
    deps.db
      .selectFrom('activity_log')
      .select(['batch_id', (eb) => eb.fn.min('id').as('id')])
      .where('tenant_id', '=', tenantId)
      .where('batch_id', 'in', ids)
      .where('event', '<>', 'batch_undone')
      .groupBy('batch_id')
      .execute(),
    deps.db
      .selectFrom('activity_log as l')
      .leftJoin('members as a', (j) => j.onRef('a.tenant_id', '=', 'l.tenant_id').onRef('a.id', '=', 'l.author_id'))
      .select(['l.batch_id', 'l.author_id', 'a.firstname', 'a.lastname'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.batch_id', 'in', ids)
      .where('l.event', '=', 'batch_undone')
      .execute(),
    sql<{ batch_id: string }>`select distinct batch_id from batch_values where tenant_id = ${tenantId} and kind = 'member' and batch_id in (${sql.join(ids)})`.execute(deps.db),
    deps.db.selectFrom('imports').select(['batch_id', 'filename']).where('tenant_id', '=', tenantId).where('batch_id', 'in', ids).execute(),
    memberIds.length > 0 ? deps.db.selectFrom('members').select(['id', 'firstname', 'lastname']).where('tenant_id', '=', tenantId).where('id', 'in', memberIds).execute() : Promise.resolve([]),
  ]);
  const logId = new Map(logRows.map((r) => [r.batch_id, Number(r.id)]));
  const undoneBy = new Map(undoRows.map((r) => [r.batch_id, r.author_id !== null && r.firstname !== null ? { id: r.author_id, name: fullname(r.firstname, r.lastname) } : null]));
  const hasMembers = new Set(pinned.rows.map((r) => r.batch_id));
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
  const [rows, total] = await Promise.all([
    baseQuery(deps.db, tenant.id).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(BATCH_PAGE_SIZE).offset(page * BATCH_PAGE_SIZE).execute(),
    deps.db.selectFrom('batches').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow(),
  ]);
  return { results: await present(deps, tenant.id, rows), count: Number(total.n) };
}

/** One batch's state, for its log entry; null when it is not this association's. */
export async function batchInfo(deps: Deps, tenantId: number, batchId: string): Promise<BatchInfo | null> {
  const row = await baseQuery(deps.db, tenantId).where('b.id', '=', batchId).executeTakeFirst();
  return row ? ((await present(deps, tenantId, [row]))[0] ?? null) : null;
}
