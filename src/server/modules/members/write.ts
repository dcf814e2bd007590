import type { Db } from '../../db/kysely';
import type { Member, Tenant } from '../../db/schema';
import type { StoredValue } from '../../../shared/fields/types';
import { FLAG_LABELS, historyValue, PASSWORD_DATUM } from '../../../shared/members/history';
import { insertHistory } from './insertHistory';
import { hashPassword } from '../../lib/passwords';
import * as activity from '../log/repo';
import * as history from '../history/repo';
import type { HistoryContext, HistoryDatum } from '../history/repo';
import { labelOf, type MemberPatch } from './input';
import { memberSinceAt } from './memberSince';
import type { MemberModel } from './model';
import { searchTextOf } from './present';
import * as repo from './repo';
import { endSessionsOf } from '../session/end';
import { resolvePatchConsents } from './consent';

// Applies a validated patch to one member inside the caller's transaction, writing
// member history and the activity log in that same transaction.

const FIXED_COLUMNS = ['firstname', 'lastname', 'email', 'email_porg1', 'email_porg2', 'phone', 'address_street', 'address_zip', 'address_city', 'federation_ref'] as const;

export interface WriteContext {
  db: Db;
  tenant: Tenant;
  model: MemberModel;
  authorId: number | null;
  at: string;
  context: HistoryContext;
  batchId?: string | null;
  /** False when the caller records the change itself (applications start their history at approval). */
  record?: boolean;
  /** A member changing their own password stays signed in here; their other sessions end. */
  keepSessionId?: string;
}

/** Creates (current null) or updates a member; returns the member row after the change. */
export async function writeMember(
  ctx: WriteContext,
  current: Member | null,
  patch: MemberPatch,
  extra: Partial<Pick<Member, 'pending' | 'imported' | 'applied_at' | 'application'>> = {},
): Promise<Member> {
  const { db, tenant, model } = ctx;
  const tenantId = tenant.id;
  const oldValues = current ? await repo.valuesOf(db, tenantId, [current.id]) : [];
  const oldGroups = new Set(current ? (await repo.groupsOf(db, tenantId, [current.id])).map((g) => g.group_id) : []);
  const oldByField = new Map<number, StoredValue>(oldValues.map((v) => [v.field_id, { text: v.value_text, num: v.value_num }]));
  resolvePatchConsents(model, patch, oldByField, memberSinceAt(ctx.at));

  // Passwords of custom password fields are stored as hashes only.
  const values = new Map(patch.values);
  for (const f of model.custom) {
    const v = values.get(f.id);
    if (f.type === 'password' && v?.text) values.set(f.id, { text: await hashPassword(v.text), num: null });
  }

  const data: HistoryDatum[] = [];
  const columns: Record<string, unknown> = { ...patch.columns };
  for (const col of FIXED_COLUMNS) {
    if (!(col in columns)) continue;
    const before = current ? current[col] : null;
    const after = columns[col] ?? null;
    if ((before ?? '') !== (after ?? '')) data.push({ field: col, label: labelOf(model, col), old: before || null, new: after || null });
  }
  for (const flag of ['active', 'site_admin', 'board'] as const) {
    if (!(flag in columns)) continue;
    const before = current ? current[flag] === 1 : flag === 'active';
    const after = columns[flag] === 1;
    if (before !== after || !current) {
      if (before !== after) data.push({ field: flag, label: FLAG_LABELS[flag], old: before, new: after });
    }
  }
  for (const f of model.custom) {
    if (!values.has(f.id)) continue;
    const before = oldByField.get(f.id) ?? { text: null, num: null };
    const after = values.get(f.id)!;
    if (before.text === after.text && before.num === after.num) {
      values.delete(f.id);
      continue;
    }
    data.push({ field: f.name, label: f.label, old: historyValue(f.type, before), new: historyValue(f.type, after) });
  }
  for (const [groupId, on] of patch.groups) {
    if (oldGroups.has(groupId) === on) {
      patch.groups.delete(groupId);
      continue;
    }
    const g = model.groups.find((x) => x.id === groupId)!;
    data.push({ field: g.name, label: g.label, old: !on, new: on });
  }
  if (patch.password) data.push(PASSWORD_DATUM);

  const merged = { ...(current ?? {}), ...columns } as Member;
  const allValues = new Map(oldByField);
  for (const [id, v] of values) allValues.set(id, v);
  const searchText = searchTextOf(merged, model.custom.filter((f) => allValues.has(f.id)).map((f) => ({ field: f, value: allValues.get(f.id)! })));
  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;

  let member: Member;
  if (!current) {
    member = await repo.insert(db, tenantId, {
      firstname: String(columns.firstname ?? ''),
      lastname: String(columns.lastname ?? ''),
      email: (columns.email as string | null) ?? null,
      email_porg1: (columns.email_porg1 as string | null) ?? null,
      email_porg2: (columns.email_porg2 as string | null) ?? null,
      phone: (columns.phone as string | null) ?? null,
      address_street: (columns.address_street as string | null) ?? null,
      address_zip: (columns.address_zip as string | null) ?? null,
      address_city: (columns.address_city as string | null) ?? null,
      password_hash: passwordHash ?? null,
      active: (columns.active as 0 | 1 | undefined) ?? 1,
      site_admin: (columns.site_admin as 0 | 1 | undefined) ?? 0,
      board: (columns.board as 0 | 1 | undefined) ?? 0,
      deleted_at: null,
      search_text: searchText,
      // Applications become members (and get their date) at approval.
      member_since: extra.pending === 1 ? null : memberSinceAt(ctx.at),
      created_at: ctx.at,
      updated_at: ctx.at,
      ...extra,
    });
  } else {
    if (data.length === 0 && Object.keys(extra).length === 0) return current;
    await repo.update(db, tenantId, current.id, {
      ...(columns as Partial<Member>),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      search_text: searchText,
      updated_at: ctx.at,
      ...extra,
    });
    member = (await repo.findById(db, tenantId, current.id))!;
    // A new password, deactivation or a change of site-admin rights ends the sessions
    // from before it (a promoted member logs in again and meets the 2FA policy then).
    const rightsChanged = member.site_admin !== current.site_admin || (member.active !== 1 && current.active === 1);
    if (rightsChanged) await endSessionsOf(db, tenantId, [member.id]);
    else if (passwordHash) await endSessionsOf(db, tenantId, [member.id], ctx.keepSessionId);
  }
  for (const [fieldId, v] of values) await repo.setValue(db, tenantId, member.id, fieldId, v.text, v.num);
  for (const [groupId, on] of patch.groups) await repo.setGroup(db, tenantId, groupId, member.id, on);

  if (ctx.record !== false && (data.length > 0 || !current)) {
    // A new member's entry has one format wherever members are created.
    const recorded = current ? data : insertHistory(model, { columns, values, groupIds: [...patch.groups].filter(([, on]) => on).map(([id]) => id), password: Boolean(patch.password) });
    await history.appendMany(db, tenantId, [{ memberId: member.id, context: ctx.context, data: recorded, authorId: ctx.authorId, batchId: ctx.batchId ?? null, at: ctx.at }]);
    await activity.append(db, tenantId, {
      event: current ? 'member_updated' : 'member_created',
      context: `member:${member.id}`,
      data: recorded.map((d) => ({ field: d.field, label: d.label, old: d.old, new: d.new })),
      authorId: ctx.authorId,
      batchId: ctx.batchId ?? null,
      at: ctx.at,
    });
  }
  return member;
}

/**
 * Creates many members at once (imports): the same rows, values, memberships and
 * PersonInsert history as writeMember, written in multi-row statements. Returns the
 * new ids in input order.
 */
export async function insertMembers(ctx: WriteContext, patches: MemberPatch[], extra: Partial<Pick<Member, 'imported'>> = {}): Promise<number[]> {
  const { db, tenant, model } = ctx;
  const ids: number[] = [];
  const CHUNK = 200;
  // Once, not per member: formatting the day in Helsinki cost 10 µs each.
  const since = memberSinceAt(ctx.at);
  for (let i = 0; i < patches.length; i += CHUNK) {
    const slice = patches.slice(i, i + CHUNK);
    const prepared = await Promise.all(
      slice.map(async (patch) => {
        resolvePatchConsents(model, patch, new Map(), since);
        const values = new Map(patch.values);
        for (const f of model.custom) {
          const v = values.get(f.id);
          if (f.type === 'password' && v?.text) values.set(f.id, { text: await hashPassword(v.text), num: null });
          if (v && v.text === null && v.num === null) values.delete(f.id);
        }
        const c = patch.columns;
        const row = {
          firstname: String(c.firstname ?? ''),
          lastname: String(c.lastname ?? ''),
          email: c.email ?? null,
          email_porg1: c.email_porg1 ?? null,
          email_porg2: c.email_porg2 ?? null,
          phone: c.phone ?? null,
          address_street: c.address_street ?? null,
          address_zip: c.address_zip ?? null,
          address_city: c.address_city ?? null,
        };
        const searchText = searchTextOf(row, model.custom.filter((f) => values.has(f.id)).map((f) => ({ field: f, value: values.get(f.id)! })));
        const data = insertHistory(model, { columns: { ...row, active: c.active, board: c.board }, values, groupIds: [...patch.groups].filter(([, on]) => on).map(([gid]) => gid) });
        // The federation's member id is no field of the form: its own line in the new member's history.
        const federationRef = c.federation_ref ?? null;
        if (federationRef) data.push({ field: 'federation_ref', label: labelOf(model, 'federation_ref'), old: null, new: federationRef });
        return { row, values, groups: patch.groups, searchText, data, active: c.active ?? 1, board: c.board ?? 0, federationRef };
      }),
    );
    const chunkIds = await repo.insertMany(
      db,
      tenant.id,
      prepared.map((p) => ({
        ...p.row,
        federation_ref: p.federationRef,
        password_hash: null,
        active: p.active,
        site_admin: 0 as const,
        board: p.board,
        deleted_at: null,
        search_text: p.searchText,
        member_since: since,
        created_at: ctx.at,
        updated_at: ctx.at,
        ...extra,
      })),
    );
    const valueRows = prepared.flatMap((p, k) => [...p.values].map(([fieldId, v]) => ({ member_id: chunkIds[k]!, field_id: fieldId, value_text: v.text, value_num: v.num })));
    const groupRows = prepared.flatMap((p, k) => [...p.groups].filter(([, on]) => on).map(([gid]) => ({ group_id: gid, member_id: chunkIds[k]! })));
    await repo.insertValuesAndGroups(db, tenant.id, valueRows, groupRows);
    await history.appendMany(
      db,
      tenant.id,
      prepared.map((p, k) => ({ memberId: chunkIds[k]!, context: 'PersonInsert' as const, data: p.data, authorId: ctx.authorId, batchId: ctx.batchId ?? null, at: ctx.at })),
    );
    ids.push(...chunkIds);
  }
  return ids;
}
