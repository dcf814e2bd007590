import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { GroupRow, Member, Tenant } from '../../db/schema';
import type { AllowedSenders, Group, GroupSaveBody } from '../../../shared/schemas/groups';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import { isReservedName, nameShapeError } from '../../../shared/fields/names';
import { NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import * as fields from '../fields/repo';
import * as members from '../members/repo';
import { systemFrom } from '../mail/from';
import { parseTier, tierLimits } from '../../../shared/tiers';
import type { Viewer } from '../../http/viewer';
import * as repo from './repo';
import { openCached } from '../members/list-cache';
import { takeRate } from '../../lib/rateLimit';
import { GROUP_MAIL_REQUESTS_MAX_PER_ASSOCIATION, GROUP_MAIL_REQUESTS_MAX_PER_MEMBER } from '../../../shared/constants';

// Groups. Built-in 'everyone' (all members) and 'board' (the board flag)
// exist from tenant creation; other groups hold members through member_groups.

function present(r: GroupRow, count?: number): Group {
  return {
    id: r.id,
    name: r.name,
    label: r.label,
    email: r.email,
    allowed_senders: r.allowed_senders as AllowedSenders,
    builtin: r.builtin,
    position: r.position,
    ...(count !== undefined ? { member_count: count } : {}),
  };
}

function forMember(g: Group): Group {
  const { email: _email, member_count: _count, ...rest } = g;
  return rest;
}

/**
 * Every group's member count, kept per list version (members/list-cache.ts): counting the links
 * of a register of 100 000 takes ~0.35 s, and any write to members or their groups changes the
 * version.
 */
async function counts(deps: Deps, tenantId: number): Promise<(r: GroupRow) => number> {
  const cached = await openCached(deps.db, deps.dialect, tenantId);
  const { custom, builtin } = await cached.through(['group_counts'], async () => {
    const [custom, builtin] = await Promise.all([repo.memberCounts(deps.db, tenantId), repo.builtinCounts(deps.db, tenantId)]);
    return { custom, builtin };
  });
  return (r) => (r.builtin === 'everyone' ? builtin.everyone : r.builtin === 'board' ? builtin.board : (custom.get(r.id) ?? 0));
}

export async function listGroups(deps: Deps, tenant: Tenant, opts: { details: boolean; everyone: boolean; viewer?: Viewer }): Promise<Group[]> {
  const rows = (await repo.listAll(deps.db, tenant.id)).filter((r) => opts.everyone || r.builtin !== 'everyone');
  // An ordinary member sees which groups exist (their own memberships on the form), not the
  // groups' mail addresses or sizes.
  if (opts.viewer === 'member') return rows.map((r) => forMember(present(r)));
  if (!opts.details) return rows.map((r) => present(r));
  const countOf = await counts(deps, tenant.id);
  return rows.map((r) => present(r, countOf(r)));
}

export async function getGroup(deps: Deps, tenant: Tenant, id: number): Promise<Group> {
  const row = await repo.findById(deps.db, tenant.id, id);
  if (!row) throw new NotFound();
  return present(row, (await counts(deps, tenant.id))(row));
}

async function checkName(deps: Deps, tenantId: number, name: string, selfId: number | null): Promise<ValidationErrors> {
  const shape = nameShapeError(name);
  if (shape) return { name: [shape] };
  const clash = await repo.findByName(deps.db, tenantId, name);
  // Member bodies carry group flags keyed by group name, next to field values: the names must not collide.
  if ((clash && clash.id !== selfId) || isReservedName(name) || (await fields.findByName(deps.db, tenantId, name))) {
    return { name: ['groups_duplicate_name'] };
  }
  return {};
}

export async function createGroup(deps: Deps, tenant: Tenant, me: Member, body: GroupSaveBody): Promise<Group> {
  const errors = await checkName(deps, tenant.id, body.name, null);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return act(deps, tenant, me, 'group_created', async (trx, line, now) => {
    const row = await repo.insert(trx, tenant.id, {
      name: body.name,
      label: body.label,
      email: body.email || null,
      allowed_senders: body.allowed_senders,
      builtin: null,
      position: await repo.nextPosition(trx, tenant.id),
      created_at: now,
      updated_at: now,
    });
    line.context = 'groups';
    line.data = [
      { field: 'name', new: row.name },
      { field: 'label', new: row.label },
    ];
    return present(row, 0);
  });
}

export async function updateGroup(deps: Deps, tenant: Tenant, me: Member, id: number, body: GroupSaveBody): Promise<Group> {
  const current = await repo.findById(deps.db, tenant.id, id);
  if (!current) throw new NotFound();
  const errors: ValidationErrors =
    current.builtin && body.name !== current.name ? { name: ['groups_builtin_cannot_rename'] } : body.name !== current.name ? await checkName(deps, tenant.id, body.name, id) : {};
  const next = { name: body.name, label: body.label, email: body.email || null, allowed_senders: body.allowed_senders };
  // A group becomes a mail list when it gets an address: at most the tier's list size (src/shared/tiers.ts).
  if (next.email && next.email !== current.email) {
    const max = tierLimits(parseTier(tenant.tier) ?? 'Free').group_mail_max_members;
    if (((await repo.memberCounts(deps.db, tenant.id)).get(id) ?? 0) > max) errors.email = ['groups_mail_list_too_large'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await act(deps, tenant, me, 'group_updated', async (trx, line, now) => {
    await repo.update(trx, tenant.id, id, { ...next, updated_at: now });
    line.context = `groups:${next.name}`;
    line.data = (Object.keys(next) as (keyof typeof next)[])
      .filter((k) => current[k] !== next[k])
      .map((k) => ({ field: k, old: current[k], new: next[k] }));
    line.write = line.data.length > 0;
  });
  return getGroup(deps, tenant, id);
}

export async function deleteGroup(deps: Deps, tenant: Tenant, me: Member, id: number, opts: { confirmed: boolean }): Promise<void> {
  const current = await repo.findById(deps.db, tenant.id, id);
  if (!current) throw new NotFound();
  if (current.builtin) throw ValidationError.general('groups_builtin_cannot_delete');
  await act(deps, tenant, me, 'group_deleted', async (trx, line) => {
    const memberIds = (await repo.memberIdsOf(trx, tenant.id, id)).map((r) => r.member_id);
    if (memberIds.length > 0 && !opts.confirmed) throw new ValidationError({ general: ['groups_delete_confirm'] }, { count: memberIds.length });
    line.context = `groups:${current.name}`;
    line.data = [
      { field: 'group', old: { name: current.name, label: current.label, email: current.email, allowed_senders: current.allowed_senders } },
      { field: 'members', old: memberIds },
    ];
    await repo.remove(trx, tenant.id, id); // memberships go with it (ON DELETE CASCADE)
  });
}

export async function reorderGroups(deps: Deps, tenant: Tenant, me: Member, order: number[]): Promise<Group[]> {
  const rows = await repo.listAll(deps.db, tenant.id);
  const known = new Set(rows.map((r) => r.id));
  if (new Set(order).size !== order.length || order.some((id) => !known.has(id))) throw ValidationError.field('order', '_validation_invalid');
  const full = [...order, ...rows.map((r) => r.id).filter((id) => !order.includes(id))];
  await act(deps, tenant, me, 'groups_reordered', async (trx, line) => {
    for (const [position, id] of full.entries()) await repo.setPosition(trx, tenant.id, id, position);
    line.context = 'groups';
    line.data = [{ field: 'order', old: rows.map((r) => r.name), new: full.map((id) => rows.find((r) => r.id === id)!.name) }];
  });
  return listGroups(deps, tenant, { details: true, everyone: true });
}

/** A member asks the site admins for the right to send group mail from an address. */
export async function requestGroupMailAccess(deps: Deps, tenant: Tenant, me: Member, email: string): Promise<void> {
  const admins = await members.listSiteAdmins(deps.db, tenant.id);
  const to = admins.map((a) => a.email).filter((e): e is string => !!e);
  if (to.length === 0) throw ValidationError.general('groups_mail_access_no_admins');
  // Mail sent on a member's behalf is bounded per member and per association.
  await takeRate(
    deps,
    tenant.id,
    [
      { kind: 'group_mail_request_member', key: String(me.id), max: GROUP_MAIL_REQUESTS_MAX_PER_MEMBER },
      { kind: 'group_mail_request_tenant', key: 'all', max: GROUP_MAIL_REQUESTS_MAX_PER_ASSOCIATION },
    ],
    'groups_mail_access_rate_limited',
  );
  const name = `${me.firstname} ${me.lastname}`.trim();
  await deps.mailer.send({
    from: systemFrom(deps.config, tenant),
    to,
    replyTo: me.email ?? undefined,
    subject: `Pyyntö ryhmäpostin lähetysoikeudesta – ${tenant.name}`,
    text:
      `Hei,\n\n${name} (${me.email ?? 'ei sähköpostia'}) pyytää, että osoitteesta ${email} saisi lähettää ryhmäpostia ` +
      `yhdistyksen ${tenant.name} jäsenrekisterissä.\n\nVoit antaa oikeuden ryhmän asetuksista (Ryhmät → ryhmä → Sallitut lähettäjät).\n`,
  });
  // Nothing in the register changes; the request itself is the action the line records.
  await act(deps, tenant, me, 'group_mail_access_requested', async (_trx, line) => {
    line.context = 'groups';
    line.data = [{ field: 'email', new: email }];
  });
}

/** Built-in groups for a new tenant (inside the tenant-creation transaction). */
export async function createBuiltinGroups(db: Db, tenantId: number, now: string): Promise<void> {
  await repo.insert(db, tenantId, { name: 'everyone', label: 'Kaikki jäsenet', email: null, allowed_senders: 'admins_and_board', builtin: 'everyone', position: 0, created_at: now, updated_at: now });
  await repo.insert(db, tenantId, { name: 'board', label: 'Hallitus', email: null, allowed_senders: 'GroupMembers', builtin: 'board', position: 1, created_at: now, updated_at: now });
}
