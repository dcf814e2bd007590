import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { HttpError, NotFound } from '../../lib/errors';
import { iso } from '../../lib/clock';
import * as activity from '../log/append';
import * as history from '../history/repo';
import type { HistoryDatum } from '../history/repo';
import { loadModel } from './model';
import { refreshSearchText } from './bulk';
import { valuesBeforeUndo } from './undo-before';
import { valueToText } from '../../../shared/fields/values';
import { endSessionsIn, endSessionsOf } from '../session/end';

// Undo of any batch (bulk edit, bulk remove/restore, delete, import): puts back exactly
// the values the batch recorded. A member changed after the batch (updated_at moved on)
// is a conflict: undo refuses and names them, unless told to keep those members as they are.

export interface UndoResult {
  batch_id: string;
  restored: number;
  kept: number;
}

export async function undoBatch(deps: Deps, tenant: Tenant, me: Member, batchId: string, opts: { keepChanged: boolean }): Promise<UndoResult> {
  const batch = await deps.db.selectFrom('batches').selectAll().where('tenant_id', '=', tenant.id).where('id', '=', batchId).executeTakeFirst();
  if (!batch) throw new NotFound();
  if (batch.undone_at) throw new HttpError(409, { errors: { general: ['members_undo_already_done'] } });
  const model = await loadModel(deps.db, tenant.id);
  const tid = tenant.id;
  const at = iso(deps.clock.now());

  return deps.db.transaction().execute(async (trx) => {
    // Members changed since the batch (or gone for good) are not touched blindly.
    const changed = await sql<{ id: number; firstname: string; lastname: string }>`
      select m.id, m.firstname, m.lastname from members m
      where m.tenant_id = ${tid} and m.id in (select member_id from batch_values where tenant_id = ${tid} and batch_id = ${batchId} and kind = 'member')
        and m.updated_at <> ${batch.created_at}
      order by m.lastname, m.firstname`.execute(trx);
    if (changed.rows.length > 0 && !opts.keepChanged) {
      throw new HttpError(409, {
        errors: { general: ['members_undo_conflict'] },
        params: { count: changed.rows.length, members: changed.rows.slice(0, 20).map((m) => `${m.firstname} ${m.lastname}`.trim()) },
      });
    }
    // The members this undo may touch: pinned by the batch, not changed since. Collected once
    // into a scratch table: as a subquery joined to members it would be re-run for every row
    // the undo deletes or updates (measured: seconds per thousand members).
    await sql`create temp table if not exists undo_target (id integer primary key)`.execute(trx);
    await sql`delete from undo_target`.execute(trx);
    await sql`insert into undo_target (id) select p.member_id from batch_values p join members m on m.tenant_id = p.tenant_id and m.id = p.member_id
      where p.tenant_id = ${tid} and p.batch_id = ${batchId} and p.kind = 'member' and m.updated_at = ${batch.created_at}`.execute(trx);
    const target = sql`(select id from undo_target)`;
    const restored = Number((await sql<{ n: number }>`select count(*) as n from undo_target`.execute(trx)).rows[0]?.n ?? 0);

    const current = batch.kind === 'import' ? await valuesBeforeUndo(trx, tid, batchId, model, target) : null;
    const items = await sql<{ kind: string; item: string }>`
      select distinct kind, item from batch_values where tenant_id = ${tid} and batch_id = ${batchId} and kind <> 'member'`.execute(trx);
    for (const { kind, item } of items.rows) {
      const old = sql`from batch_values u where u.tenant_id = ${tid} and u.batch_id = ${batchId} and u.kind = ${kind} and u.item = ${item}`;
      // Only the members that recorded this item get it back: a batch may change different
      // items for different members (an import updates some columns here, others there, and
      // creates members that recorded nothing). Served by batch_values_batch; one IN with the
      // target inside it (two INs side by side took SQLite 2 s per thousand members).
      const recorded = sql`(select u.member_id ${old} and u.member_id in ${target})`;
      if (kind === 'col') {
        const numeric = ['active', 'board', 'site_admin', 'pending', 'imported'].includes(item);
        await sql`update members set ${sql.ref(item)} = (select ${numeric ? sql`u.old_num` : sql`u.old_text`} ${old} and u.member_id = members.id)
          where tenant_id = ${tid} and id in ${recorded}`.execute(trx);
        // Rights given back or taken by the undo: sessions from before it end (issue 11).
        if (['active', 'site_admin', 'deleted_at'].includes(item)) await endSessionsIn(trx, tid, recorded);
      } else if (kind === 'value') {
        const fid = Number(item);
        await sql`delete from member_values where tenant_id = ${tid} and field_id = ${fid} and member_id in ${recorded}`.execute(trx);
        await sql`insert into member_values (tenant_id, member_id, field_id, value_text, value_num)
          select ${tid}, u.member_id, ${fid}, u.old_text, u.old_num ${old}
          and (u.old_text is not null or u.old_num is not null) and u.member_id in ${target}
          and exists (select 1 from fields f where f.tenant_id = ${tid} and f.id = ${fid})`.execute(trx);
      } else if (kind === 'group') {
        const gid = Number(item);
        await sql`delete from member_groups where tenant_id = ${tid} and group_id = ${gid} and member_id in ${recorded}`.execute(trx);
        await sql`insert into member_groups (tenant_id, group_id, member_id)
          select ${tid}, ${gid}, u.member_id ${old} and u.old_num = 1 and u.member_id in ${target}
          and exists (select 1 from groups g where g.tenant_id = ${tid} and g.id = ${gid})`.execute(trx);
      } else if (kind === 'created') {
        // Members the batch created (imports) go away on undo, with their history.
        const created = await sql<{ member_id: number }>`select u.member_id ${old} and u.member_id in ${target}`.execute(trx);
        const ids = created.rows.map((r) => r.member_id);
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          await trx.deleteFrom('member_history').where('tenant_id', '=', tid).where('member_id', 'in', chunk).execute();
          await endSessionsOf(trx, tid, chunk);
          await trx.deleteFrom('members').where('tenant_id', '=', tid).where('id', 'in', chunk).execute();
        }
      }
    }
    // History: one PersonUpdate per restored member naming what came back.
    const historyRows = await sql<{ member_id: number; kind: string; item: string; old_text: string | null; old_num: number | null }>`
      select u.member_id, u.kind, u.item, u.old_text, u.old_num from batch_values u
      where u.tenant_id = ${tid} and u.batch_id = ${batchId} and u.kind in ('col', 'value', 'group') and u.member_id in ${target}`.execute(trx);
    // Untouched since the batch, each member still holds what the batch set (its summary).
    const summary = JSON.parse(batch.summary) as { changes?: { field: string; new: unknown }[] };
    const applied = new Map((summary.changes ?? []).map((c) => [c.field, c.new]));
    const byMember = new Map<number, HistoryDatum[]>();
    for (const r of historyRows.rows) {
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
    await sql`update members set updated_at = ${at} where tenant_id = ${tid} and id in ${target}`.execute(trx);
    await history.appendMany(trx, tid, [...byMember].map(([memberId, data]) => ({ memberId, context: 'PersonUpdate' as const, data, authorId: me.id, batchId, at })));
    await refreshSearchText({ db: trx, tenantId: tid, batchId, at }, model, deps.dialect);
    await trx.updateTable('batches').set({ undone_at: at }).where('tenant_id', '=', tid).where('id', '=', batchId).execute();
    await activity.append(trx, tid, {
      event: 'batch_undone',
      context: batch.kind,
      data: [
        { field: 'restored', new: restored },
        { field: 'kept', new: changed.rows.length },
      ],
      authorId: me.id,
      batchId,
      at,
    });
    return { batch_id: batchId, restored, kept: changed.rows.length };
  });
}
