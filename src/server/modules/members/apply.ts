import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import { countSince } from '../../db/rateCounts';
import type { Member, Tenant } from '../../db/schema';
import type { Field } from '../../../shared/fields/types';
import { isOnApplyForm, VISIBILITY_EDITABLE } from '../../../shared/fields/types';
import type { MemberBody } from '../../../shared/schemas/members';
import type { ApplyFormReply, Duplicate } from '../../../shared/schemas/applications';
import type { OkReply } from '../../../shared/schemas/session';
import { NotFound, RateLimited, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { act } from '../log/act';
import * as history from '../history/repo';
import { withoutAdminSettings } from '../fields/present';
import { parseMemberInput } from './input';
import { memberSinceAt } from './memberSince';
import { loadModel } from './model';
import { fullname } from './present';
import * as repo from './repo';
import { writeMember } from './write';
import { approvedLetter, mailApplicant, type MailOutcome, receivedLetter } from './applyMail';
import { insertHistory } from './insertHistory';
import { takeRate } from '../../lib/rateLimit';
import { APPLY_MAX_PER_ASSOCIATION, APPLY_MAX_PER_IP, RATE_WINDOW_MS } from '../../../shared/constants';

// Membership applications: a public form creates a pending member; an admin
// approves (it becomes a member, PersonInsert) or rejects (deleted). Bots meet a
// honeypot field, a minimum fill time and a per-address rate limit.

export const APPLY_RATE_LIMIT = APPLY_MAX_PER_IP;
const APPLY_WINDOW_MS = RATE_WINDOW_MS;
const MIN_FILL_MS = 3000;


/**
 * The application variant of the form: only the fields set to be shown on it (names and
 * email always), each under its heading when the heading is shown.
 */
export async function applyForm(deps: Deps, tenant: Tenant): Promise<ApplyFormReply> {
  const model = await loadModel(deps.db, tenant.id);
  const fields: Field[] = [];
  let heading: Field | null = null;
  for (const f of model.fields) {
    if (f.type === 'heading') heading = f.visibility >= VISIBILITY_EDITABLE ? f : null;
    else if (isOnApplyForm(f)) {
      // A heading goes in once, before the first of its fields that is on the form.
      if (heading) fields.push(heading);
      heading = null;
      fields.push(f);
    }
  }
  // Anyone may read this form: none of the field editor's settings go with it.
  return { customer_name: tenant.name, fields: fields.map(withoutAdminSettings) };
}

export interface ApplyMeta {
  ip: string;
}

export async function apply(deps: Deps, tenant: Tenant, input: MemberBody, meta: ApplyMeta): Promise<OkReply> {
  const now = deps.clock.now();
  const since = iso(new Date(now.getTime() - APPLY_WINDOW_MS));
  const recent = await countSince(deps.db, 'rate_events', tenant.id, 'apply', meta.ip, since);
  // Per IP, and per association so that rotating addresses cannot flood the admins' queue.
  const all = await countSince(deps.db, 'rate_events', tenant.id, 'apply_tenant', 'all', since);
  if (recent >= APPLY_RATE_LIMIT || all >= APPLY_MAX_PER_ASSOCIATION) throw new RateLimited('members_apply_rate_limited');
  // Checked again atomically as it is counted: parallel submissions cannot pass the limits together.
  const count = () =>
    takeRate(
      deps,
      tenant.id,
      [
        { kind: 'apply', key: meta.ip, max: APPLY_RATE_LIMIT },
        { kind: 'apply_tenant', key: 'all', max: APPLY_MAX_PER_ASSOCIATION },
      ],
      'members_apply_rate_limited',
    );

  // A filled honeypot or a form sent faster than a person can type: accept silently, store nothing.
  // A start time in the future is a device clock running ahead, not a bot.
  const started = Number(input.form_started_at);
  const elapsed = now.getTime() - started;
  const botLike = (typeof input.hp_website === 'string' && input.hp_website !== '') || !Number.isFinite(started) || (elapsed >= 0 && elapsed < MIN_FILL_MS);
  if (botLike) {
    await count();
    return { ok: true };
  }

  const model = await loadModel(deps.db, tenant.id);
  const fields = { ...input };
  for (const k of ['active', 'site_admin', 'board', 'newPassword_', 'confirmNewPassword_', 'bypass_required_fields']) delete fields[k];
  const { patch, errors } = parseMemberInput(fields, model, { mode: 'apply', creating: true, today: memberSinceAt(now.toISOString()) });
  if (!patch.columns.email && !errors.email) (errors.email ??= []).push('_validation_field_required');
  // Typos are not counted against the limit; submitted applications are.
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await count();
  const member = await act(deps, tenant, null, 'member_applied', async (trx, line, at) => {
    const created = await writeMember({ db: trx, tenant, model, authorId: null, at, context: 'PersonInsert', record: false }, null, patch, {
      pending: 1,
      applied_at: at,
      application: JSON.stringify({ source: 'form', ip: meta.ip }),
    });
    // Not a member yet: the member history starts at approval.
    line.context = `member:${created.id}`;
    line.data = [{ field: 'fullname_', new: fullname(created) }];
    return created;
  });
  await mailApplicant(deps, tenant, member, receivedLetter(tenant, member), null);
  return { ok: true };
}

/** Existing members an application may duplicate: same email, same phone, or same name and birth date. */
export async function duplicatesOf(deps: Deps, tenant: Tenant, m: Member): Promise<Duplicate[]> {
  const out: Duplicate[] = [];
  const add = (rows: { id: number; firstname: string; lastname: string }[], reason: Duplicate['reason']) => {
    for (const r of rows) if (!out.some((d) => d.id === r.id)) out.push({ id: r.id, fullname_: fullname(r), reason });
  };
  if (m.email) add(await repo.othersWith(deps.db, tenant.id, m.id, 'email', m.email), 'email');
  if (m.phone) add(await repo.othersWith(deps.db, tenant.id, m.id, 'phone', m.phone), 'phone');
  const model = await loadModel(deps.db, tenant.id);
  const birth = model.custom.find((f) => f.type === 'date' && /synty|birth|födel/i.test(f.name + f.label));
  if (birth) {
    const mine = (await repo.valuesOf(deps.db, tenant.id, [m.id])).find((v) => v.field_id === birth.id);
    if (mine?.value_text) add(await repo.othersWithNameAndValue(deps.db, tenant.id, m, birth.id, mine.value_text), 'name_birthdate');
  }
  return out;
}

export async function approve(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<{ id: number; mail: MailOutcome }> {
  const m = await repo.findById(deps.db, tenant.id, id);
  if (!m || m.pending !== 1 || m.deleted_at !== null) throw new NotFound();
  if (m.email && (await repo.isTaken(deps.db, tenant.id, 'email', m.email, id))) throw ValidationError.field('email', 'members_email_not_unique');
  if (m.phone && (await repo.isTaken(deps.db, tenant.id, 'phone', m.phone, id))) throw ValidationError.field('phone', 'members_phone_not_unique');
  const model = await loadModel(deps.db, tenant.id);
  await act(deps, tenant, me, 'member_approved', async (trx, line, at) => {
    await repo.update(trx, tenant.id, id, { pending: 0, member_since: memberSinceAt(at), updated_at: at });
    // The member's story starts here: every value the applicant gave, as PersonInsert.
    const values = await repo.valuesOf(trx, tenant.id, [id]);
    const groups = await repo.groupsOf(trx, tenant.id, [id]);
    const data = insertHistory(model, {
      columns: m,
      values: new Map(values.map((v) => [v.field_id, { text: v.value_text, num: v.value_num }])),
      groupIds: groups.map((g) => g.group_id),
    });
    await history.appendMany(trx, tenant.id, [{ memberId: id, context: 'PersonInsert', data, authorId: me.id, batchId: crypto.randomUUID(), at }]);
    line.context = `member:${id}`;
    line.data = [{ field: 'fullname_', new: fullname(m) }];
  });
  // The values as approved: an admin may have corrected them (the email too) before approving.
  const approved = (await repo.findById(deps.db, tenant.id, id))!;
  return { id, mail: await mailApplicant(deps, tenant, approved, approvedLetter(tenant, approved), me.id) };
}
