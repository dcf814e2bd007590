import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import type { DeleteMemberReply, GetResultsReply, MemberBody, MemberRow, MemberStatsReply } from '../../../shared/schemas/members';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import type { Filter } from '../../../shared/filter/types';
import { NotFound, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { currentPasswordOk } from '../session/current-password';
import { endSessionsOf } from '../session/end';
import { act } from '../log/act';
import { open } from '../batches/recorder';
import * as history from '../history/repo';
import { parseMemberInput, type InputMode, type MemberPatch } from './input';
import { loadModel, type MemberModel } from './model';
import { fullname, presentMember } from './present';
import { duplicatesOf } from './apply';
import type { Field } from '../../../shared/fields/types';
import { VISIBILITY_READONLY } from '../../../shared/fields/types';
import { withoutAdminSettings } from '../fields/present';
import * as repo from './repo';
import * as list from './list-repo';
import { writeMember } from './write';
import { memberSinceAt } from './memberSince';
import { rowReads, rowsOfIds } from './rows';
import { logHeldChange, notifyAdminsOfHeldChange, type HeldChange } from './heldChange';
import type { HistoryContext } from '../history/repo';
import { columnLoader } from './results';
import { cachedModel, openCached, scopeKey } from './list-cache';
import { bothGuards, guardedApplications, guardedPage, guardedStats } from './list-answers';
import { keptTexts } from './kept-texts-held';
import { keptRanks, nameRanks } from './name-ranks';
import { outcomesOf } from '../contacts/outcomes';
import { refuseIfEmailOutgoing } from '../contacts/outgoing';
import type { Db } from '../../db/kysely';
import { FEDERATION_OWNED_FIELDS, lockedFields, type FederationOwnedField } from '../../../shared/members/federation';

// Member actions: each is one transaction that also writes history and the log.

export interface GetOpts {
  /** Also deleted members (any_state). */
  anyState?: boolean;
  /** Also pending applications. */
  pending?: boolean;
}

async function load(deps: Deps, tenant: Tenant, id: number, opts: GetOpts = {}): Promise<Member> {
  const m = await repo.findById(deps.db, tenant.id, id);
  if (!m || (m.deleted_at !== null && !opts.anyState) || (m.pending === 1 && !opts.pending && !opts.anyState)) throw new NotFound();
  return m;
}

async function present(deps: Deps, tenant: Tenant, m: Member, model?: MemberModel): Promise<MemberBody> {
  const mdl = model ?? (await loadModel(deps.db, tenant.id));
  const [values, groups, outcomes] = await Promise.all([
    repo.valuesOf(deps.db, tenant.id, [m.id]),
    repo.groupsOf(deps.db, tenant.id, [m.id]),
    outcomesOf(deps.db, tenant.id, [m.id]),
  ]);
  return presentMember(m, values, new Set(groups.map((g) => g.group_id)), mdl, outcomes.get(m.id));
}

export async function getMember(deps: Deps, tenant: Tenant, id: number, opts: GetOpts = {}): Promise<MemberBody> {
  const m = await load(deps, tenant, id, opts);
  const body = await present(deps, tenant, m);
  // An application shows which existing members it may duplicate.
  if (m.pending === 1) body.meta_ = { ...(body.meta_ as object), applied_at: m.applied_at, duplicates: await duplicatesOf(deps, tenant, m) };
  return body;
}

/** The member's own form (edit-me by session or link): fields they may see, and their values. */
export async function editMe(deps: Deps, tenant: Tenant, me: Member): Promise<{ member: MemberBody; fields: Field[]; locked_?: string[] }> {
  const model = await loadModel(deps.db, tenant.id);
  const fields = model.fields.filter((f) => f.visibility >= VISIBILITY_READONLY && f.type !== 'password');
  const full = await present(deps, tenant, me, model);
  const member: MemberBody = { id: me.id, fullname_: full.fullname_ };
  for (const f of fields) if (f.type !== 'heading') member[f.name] = full[f.name];
  const locked = lockedFields(me, fields.map((f) => f.name));
  return { member, fields: fields.map(withoutAdminSettings), ...(locked.length > 0 ? { locked_: locked } : {}) };
}

export interface OwnSaveOpts {
  /** Who saves (the history's author): a guardian editing a dependant; by default the member. */
  author?: Member;
  /** Opened by a personal link: no password change there (nor for a dependant). */
  byLink?: boolean;
  /** Runs in the save's transaction after the write; `changed` says whether anything was saved or held. */
  inSave?: (trx: Db, changed: boolean, at: string) => Promise<void>;
}

const OWN_PASSWORD_KEYS = ['newPassword_', 'confirmNewPassword_', 'currentPassword_'];

export async function updateMe(
  deps: Deps,
  tenant: Tenant,
  me: Member,
  input: MemberBody,
  sessionId?: string,
  opts: OwnSaveOpts = {},
): Promise<{ member: MemberBody; fields: Field[]; held_?: string[]; locked_?: string[] }> {
  const author = opts.author ?? me;
  if (opts.byLink || author.id !== me.id) {
    input = { ...input };
    for (const k of OWN_PASSWORD_KEYS) delete input[k];
  }
  const model = await loadModel(deps.db, tenant.id);
  // The federation's fields stay as the federation has them (the admin may still correct them).
  const owned = lockedFields(me, [...FEDERATION_OWNED_FIELDS]).filter((f) => f in input && String(input[f] ?? '').trim() !== me[f as FederationOwnedField]);
  if (owned.length > 0) throw new ValidationError(Object.fromEntries(owned.map((f) => [f, ['members_field_owned_by_federation']])));
  // Own email: with guardian emails on, any one of the three will do; otherwise email is required.
  const next = (k: string) => (k in input ? String(input[k] ?? '').trim() : String(me[k as keyof Member] ?? ''));
  if (model.porg && !next('email') && !next('email_porg1') && !next('email_porg2')) throw ValidationError.field('email', 'members_fill_at_least_one_email');
  if (!model.porg && !next('email')) throw ValidationError.field('email', '_validation_field_required');
  const { held } = await saveMemberHeld(deps, tenant, author, me.id, input, 'self', sessionId, opts.inSave);
  if (held.length > 0) await notifyAdminsOfHeldChange(deps, tenant, me, held);
  const reply = await editMe(deps, tenant, (await repo.findById(deps.db, tenant.id, me.id))!);
  // Neutral on purpose: "needs an admin's check", never "someone else has this address".
  return held.length > 0 ? { ...reply, held_: held.map((h) => h.field) } : reply;
}

/** Database-backed rules on top of the parsed input: uniqueness, self-protection, last admin. */
async function checkRules(deps: Deps, tenant: Tenant, me: Member | null, current: Member | null, patch: MemberPatch, errors: ValidationErrors, mode: InputMode = 'admin'): Promise<HeldChange[]> {
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  const c = patch.columns;
  const selfId = current?.id ?? null;
  const held: HeldChange[] = [];
  for (const col of ['email', 'phone'] as const) {
    const wanted = c[col];
    if (!wanted || errors[col] || !(await repo.isTaken(deps.db, tenant.id, col, wanted, selfId))) continue;
    // A member editing their own data must not learn that another member owns an address:
    // the old one stays, the rest is saved, and the admins decide.
    if (mode === 'self' && current) {
      held.push({ field: col, old: current[col], wanted });
      delete c[col];
    } else add(col, col === 'email' ? 'members_email_not_unique' : 'members_phone_not_unique');
  }
  if (me && current && me.id === current.id) {
    if (c.active === 0) add('active', 'members_cannot_deactivate_self');
    if (c.site_admin === 0 && current.site_admin === 1) add('site_admin', 'members_cannot_remove_own_admin');
    // On the own form (updateMe) the email rule is the porg-aware one.
    if ('email' in c && !c.email && mode === 'admin') add('email', 'members_cannot_delete_own_email');
  }
  const losesAdmin = current?.site_admin === 1 && (c.site_admin === 0 || c.active === 0);
  if (losesAdmin && !errors.site_admin && !errors.active) {
    const admins = await repo.listSiteAdmins(deps.db, tenant.id);
    if (admins.every((a) => a.id === current.id)) add('site_admin', 'members_last_site_admin');
  }
  return held;
}

function throwIfErrors(errors: ValidationErrors, requiredOnly: string[], bypass: boolean): void {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  // Only required-field errors (never on the names) may be bypassed on request.
  const bypassable = fields.every((f) => requiredOnly.includes(f) && errors[f]!.every((k) => k === '_validation_field_required'));
  if (bypass && bypassable) return;
  throw new ValidationError(errors);
}

export async function createMember(deps: Deps, tenant: Tenant, me: Member, input: MemberBody): Promise<MemberBody> {
  const model = await loadModel(deps.db, tenant.id);
  const { patch, errors, requiredOnly } = parseMemberInput(input, model, { mode: 'admin', creating: true, today: memberSinceAt(iso(deps.clock.now())) });
  await checkRules(deps, tenant, me, null, patch, errors);
  throwIfErrors(errors, requiredOnly, input.bypass_required_fields === true);
  const at = iso(deps.clock.now());
  const member = await deps.db.transaction().execute((trx) =>
    writeMember({ db: trx, tenant, model, authorId: me.id, at, context: 'PersonInsert' }, null, patch),
  );
  return present(deps, tenant, member, model);
}

export async function saveMember(deps: Deps, tenant: Tenant, me: Member, id: number, input: MemberBody, mode: InputMode = 'admin', sessionId?: string): Promise<MemberBody> {
  return (await saveMemberHeld(deps, tenant, me, id, input, mode, sessionId)).member;
}

/** saveMember, also saying which own email/phone changes were held for an admin (self-edit only). */
async function saveMemberHeld(
  deps: Deps,
  tenant: Tenant,
  me: Member,
  id: number,
  input: MemberBody,
  mode: InputMode,
  sessionId?: string,
  inSave?: OwnSaveOpts['inSave'],
): Promise<{ member: MemberBody; held: HeldChange[] }> {
  const current = await load(deps, tenant, id, { pending: true });
  const model = await loadModel(deps.db, tenant.id);
  const { patch, errors, requiredOnly } = parseMemberInput(input, model, { mode, creating: false, today: memberSinceAt(iso(deps.clock.now())) });
  const held = await checkRules(deps, tenant, me, current, patch, errors, mode);
  // A stolen session alone must not be enough to take over the account.
  if (mode === 'self' && typeof input.newPassword_ === 'string' && input.newPassword_ !== '') {
    const given = input.currentPassword_;
    if (typeof given !== 'string' || given === '') (errors.currentPassword_ ??= []).push('members_current_password_required');
    else if (!(await currentPasswordOk(deps, tenant, current, given))) (errors.currentPassword_ ??= []).push('members_current_password_wrong');
  }
  throwIfErrors(errors, requiredOnly, mode === 'admin' && input.bypass_required_fields === true);
  const context: HistoryContext = mode === 'self' ? 'PersonUpdateme' : 'PersonUpdate';
  const at = iso(deps.clock.now());
  const member = await deps.db.transaction().execute(async (trx) => {
    // Re-read inside the transaction so a concurrent edit is not silently overwritten with stale "old" values.
    const fresh = (await repo.findById(trx, tenant.id, id))!;
    const written = await writeMember({ db: trx, tenant, model, authorId: me.id, at, context, keepSessionId: mode === 'self' ? sessionId : undefined }, fresh, patch);
    if (held.length > 0) await logHeldChange(trx, tenant, me, held, at, id);
    await inSave?.(trx, written !== fresh || held.length > 0, at);
    return written;
  });
  return { member: await present(deps, tenant, member, model), held };
}

export async function deleteMember(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<DeleteMemberReply> {
  const current = await load(deps, tenant, id, { pending: true });
  if (current.id === me.id) throw ValidationError.general('members_cannot_delete_self');
  if (current.site_admin === 1) {
    const admins = await repo.listSiteAdmins(deps.db, tenant.id);
    if (admins.every((a) => a.id === current.id)) throw ValidationError.general('members_last_site_admin');
  }
  // A batch like bulk remove, so the notification's "Kumoa" uses the same undo.
  return act(deps, tenant, me, 'member_deleted', async (trx, line, at) => {
    await refuseIfEmailOutgoing(trx, tenant.id, id);
    const b = await open(trx, tenant.id, { kind: 'delete', summary: { member: id }, authorId: me.id, at });
    await b.pin([id]);
    await b.recordColumns(['deleted_at']);
    await repo.update(trx, tenant.id, id, { deleted_at: at, updated_at: at });
    await endSessionsOf(trx, tenant.id, [id]);
    await history.appendMany(trx, tenant.id, [
      { memberId: id, context: 'PersonUpdate', data: [{ field: 'deleted', label: 'Poistettu', old: false, new: true }], authorId: me.id, batchId: b.id, at },
    ]);
    await b.finish();
    line.context = `member:${id}`;
    line.data = [{ field: 'fullname_', old: fullname(current) }];
    line.batchId = b.id;
    return { batch_id: b.id };
  });
}

export async function restoreMember(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<MemberBody> {
  const current = await load(deps, tenant, id, { anyState: true });
  if (current.deleted_at === null) return present(deps, tenant, current);
  const errors: ValidationErrors = {};
  // The email or phone may have been given to someone else meanwhile.
  if (current.email && (await repo.isTaken(deps.db, tenant.id, 'email', current.email, id))) errors.email = ['members_email_not_unique'];
  if (current.phone && (await repo.isTaken(deps.db, tenant.id, 'phone', current.phone, id))) errors.phone = ['members_phone_not_unique'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await act(deps, tenant, me, 'member_restored', async (trx, line, at) => {
    await repo.update(trx, tenant.id, id, { deleted_at: null, updated_at: at });
    line.context = `member:${id}`;
  });
  return getMember(deps, tenant, id);
}

export async function getHistory(deps: Deps, tenant: Tenant, id: number) {
  await load(deps, tenant, id, { anyState: true });
  const rows = await history.forMember(deps.db, tenant.id, id);
  const authorIds = [...new Set(rows.map((r) => r.author_id).filter((x): x is number => x !== null))];
  const authorRows = await repo.namesOf(deps.db, tenant.id, authorIds);
  const authors = new Map(authorRows.map((a) => [a.id, fullname(a)]));
  return rows.map((r) => ({
    id: r.id,
    context: r.context,
    data: JSON.parse(r.data) as unknown[],
    author: r.author_id === null ? null : (authors.get(r.author_id) ?? null),
    at: r.at,
  }));
}

export interface ListScope {
  filter: Filter;
  deleted: boolean;
  pending: boolean;
}

export async function getStats(deps: Deps, tenant: Tenant, scope: ListScope): Promise<MemberStatsReply> {
  const cached = await openCached(deps.db, deps.dialect, tenant.id);
  return cached.guarded(['stats', scopeKey(scope)], async () => {
    const model = await cachedModel(cached, deps, tenant.id);
    const { value: c, guard } = await guardedStats({ db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model }, scope);
    const stats = {
      result_count: c.members,
      active_count: c.active,
      inactive_count: c.members - c.active,
      result_application_count: c.applications,
    };
    return { value: { stats }, guard };
  });
}

export interface ResultsOpts extends ListScope {
  sort: { field: string; dir: 'asc' | 'desc' };
  offset: number;
  limit: number;
  columns: string[];
}

export async function getResults(deps: Deps, tenant: Tenant, opts: ResultsOpts): Promise<GetResultsReply> {
  // Read the list version before any data it keys (list-cache.ts).
  const cached = await openCached(deps.db, deps.dialect, tenant.id);
  const key = ['results', scopeKey(opts), opts.sort.field, opts.sort.dir, opts.offset, opts.limit, opts.columns];
  return cached.guarded(
    key,
    async () => {
      const model = await cachedModel(cached, deps, tenant.id);
      const ctx = { db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model };
      // Reads that do not wait for each other go side by side: the page and the applications'
      // count, then the rows and their values.
      const [page, applications] = await Promise.all([
        guardedPage(cached, ctx, opts, { sort: opts.sort, offset: opts.offset, limit: opts.limit }),
        opts.pending || opts.deleted ? null : guardedApplications(cached, ctx, opts.filter),
      ]);
      // Only the member columns the rows show (list rows carry id, names and the requested columns).
      const reads = rowReads(model, opts.columns);
      const results = await rowsOfIds(page.ids, { read: (some) => list.membersInOrder(ctx, some, reads), load: columnLoader(deps, tenant, model, opts.columns), model, columns: opts.columns });
      const value = { results, stats: { result_count: page.total, result_application_count: opts.pending ? page.total : (applications?.count ?? 0) } };
      // The rows show their own members only, so the page's guard (and the applications') covers them.
      const guard = applications ? page.guard && applications.guard && bothGuards(page.guard, applications.guard) : page.guard;
      return { value, guard };
    },
    (reply) => Math.max(1, reply.results.length),
  );
}

export async function search(
  deps: Deps,
  tenant: Tenant,
  term: string,
  opts: { deleted: boolean; showAll: boolean; minChars: number },
): Promise<{ results: MemberRow[]; more: boolean }> {
  if (term.trim().length < opts.minChars) throw new ValidationError({ term: ['members_search_term_too_short'] }, { min: opts.minChars });
  const limit = opts.showAll ? 100 : 10;
  const cached = await openCached(deps.db, deps.dialect, tenant.id);
  return cached.through(
    ['search', term.trim(), opts.deleted, limit],
    async () => {
      const ranks = { kept: () => keptRanks(deps.db, tenant.id, cached.version), read: () => nameRanks(deps.db, tenant.id, cached.version) };
      const kept = () => keptTexts(deps.db, deps.dialect, tenant.id, cached);
      const found = await list.search({ db: deps.db, dialect: deps.dialect, tenantId: tenant.id }, term, { deleted: opts.deleted, limit: limit + 1, ranks, kept });
      // Search hits show names and contact data only, so no field model is needed (keeps the hot path to one query).
      const results = found.slice(0, limit).map((m) => ({ id: m.id, firstname: m.firstname, lastname: m.lastname, fullname_: fullname(m), email: m.email, phone: m.phone }));
      return { results, more: found.length > limit };
    },
    (reply) => Math.max(1, reply.results.length),
  );
}
