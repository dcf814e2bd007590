import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Member, Tenant } from '../../db/schema';
import type { MemberBody } from '../../../shared/schemas/members';
import type { EditMeReply as Contract } from '../../../shared/schemas/updreqs';
import { EDIT_LINK_USES_MAX_PER_IP } from '../../../shared/constants';
import { NotFound, ValidationError } from '../../lib/errors';
import { takeRate } from '../../lib/rateLimit';
import { act } from '../log/act';
import * as activity from '../log/repo';
import { recordOutcome } from '../contacts/repo';
import * as members from '../members/service';
import * as membersRepo from '../members/repo';
import { loadModel } from '../members/model';
import { fullname } from '../members/present';
import * as settings from '../settings/repo';
import { markOpened, markOutcome, resolveLink, type EditLink } from './links-repo';
import { deliveryLinkMedium, dependantsOf } from './editme-repo';

// The member's own form by personal link (/edit_me_h/{hash}: no session, the link is the key)
// and by session for the member and their dependants (/edit_me_s, edit_for). The member
// rules (visibility, email rule, held changes, federation fields, history) stay in
// members/service editMe/updateMe; this adds the link's checks and what an answer records.

/** Every use of a link counts against the IP, so tokens cannot be tried at speed. */
async function openLink(deps: Deps, tenant: Tenant, hash: string, ip: string): Promise<{ link: EditLink; member: Member }> {
  await takeRate(deps, tenant.id, [{ kind: 'edit_link_use', key: ip, max: EDIT_LINK_USES_MAX_PER_IP }], 'edit_links_rate_limited');
  const found = await resolveLink(deps.db, tenant.id, hash, deps.clock.now());
  // One answer for unknown, foreign, expired, superseded and removed: the holder learns nothing.
  if (!found) throw ValidationError.general('edit_link_invalid');
  return found;
}

/** The reply of editMe/updateMe with what the link or the session adds (checked against editMeReply by route()). */
type EditMeReply = Awaited<ReturnType<typeof members.updateMe>> & Pick<Contract, 'dependants_' | 'link_'>;

/** What the link form needs of its link: its expiry, its origin, and whether it also opens expense claims. */
async function linkInfo(deps: Deps, tenantId: number, link: EditLink) {
  const s = await settings.getAll(deps.db, tenantId);
  return { expires_at: link.expires_at, updreq: link.source === 'updreq', eclaim: s.eclaim_enabled === true };
}

/**
 * Answering by link shows the address works: the link's medium (an update request's
 * delivery medium; an ordered link came by email) counts as confirmed for the member's
 * current address or number.
 */
async function confirmContact(trx: Db, tenantId: number, link: EditLink, memberId: number, at: string): Promise<void> {
  const medium = link.source === 'updreq' && link.delivery_id !== null ? await deliveryLinkMedium(trx, tenantId, link.delivery_id) : 'email';
  if (medium !== 'email' && medium !== 'sms') return;
  const m = await membersRepo.findById(trx, tenantId, memberId);
  const address = medium === 'email' ? m?.email : m?.phone;
  if (address) await recordOutcome(trx, tenantId, { member_id: memberId, medium, address, outcome: 'confirmed', at });
}

export async function editMeH(deps: Deps, tenant: Tenant, hash: string, ip: string): Promise<EditMeReply> {
  const { link, member } = await openLink(deps, tenant, hash, ip);
  await markOpened(deps.db, tenant.id, link.id, deps.clock.now());
  return { ...(await members.editMe(deps, tenant, member)), link_: await linkInfo(deps, tenant.id, link) };
}

export async function updateMeH(deps: Deps, tenant: Tenant, hash: string, input: MemberBody, ip: string): Promise<EditMeReply> {
  const { link, member } = await openLink(deps, tenant, hash, ip);
  const reply = await members.updateMe(deps, tenant, member, input, undefined, {
    byLink: true,
    inSave: async (trx, changed, at) => {
      await markOutcome(trx, tenant.id, link.id, changed ? 'updated' : 'confirmed', new Date(at));
      await confirmContact(trx, tenant.id, link, member.id, at);
      // A save without changes is a confirmation; a change has its member_updated line already.
      if (!changed) await activity.append(trx, tenant.id, { event: 'member_data_confirmed', context: `member:${member.id}`, data: [], authorId: member.id, at });
    },
  });
  return { ...reply, link_: await linkInfo(deps, tenant.id, link) };
}

/** "My data is current": nothing changes but the link's outcome and the up-to-dateness. */
export async function confirmH(deps: Deps, tenant: Tenant, hash: string, ip: string): Promise<{ confirmed: true }> {
  const { link, member } = await openLink(deps, tenant, hash, ip);
  await act(deps, tenant, member, 'member_data_confirmed', async (trx, line, at) => {
    await markOutcome(trx, tenant.id, link.id, 'confirmed', new Date(at));
    await confirmContact(trx, tenant.id, link, member.id, at);
    line.context = `member:${member.id}`;
  });
  return { confirmed: true };
}

/**
 * Whom the signed-in member may edit besides themselves: with guardian emails on, the live
 * members whose guardian email is their email; and the one `editFor` names (404 otherwise,
 * so another member's id tells nothing).
 */
async function subjectOf(deps: Deps, tenant: Tenant, me: Member, editFor: number | undefined): Promise<{ subject: Member; dependants: Member[] }> {
  const porg = (await loadModel(deps.db, tenant.id)).porg;
  const dependants = porg ? await dependantsOf(deps.db, tenant.id, me) : [];
  if (editFor === undefined || editFor === me.id) return { subject: me, dependants };
  const subject = dependants.find((d) => d.id === editFor);
  if (!subject) throw new NotFound();
  return { subject, dependants };
}

const listed = (dependants: Member[]) => dependants.map((d) => ({ id: d.id, fullname_: fullname(d) }));

export async function editMeS(deps: Deps, tenant: Tenant, me: Member, editFor?: number): Promise<EditMeReply> {
  const { subject, dependants } = await subjectOf(deps, tenant, me, editFor);
  return { ...(await members.editMe(deps, tenant, subject)), dependants_: listed(dependants) };
}

/** The history's author is the signed-in member also when the data is a dependant's (PersonUpdateme). */
export async function updateMeS(deps: Deps, tenant: Tenant, me: Member, input: MemberBody, editFor: number | undefined, sessionId?: string): Promise<EditMeReply> {
  const { subject, dependants } = await subjectOf(deps, tenant, me, editFor);
  const reply = await members.updateMe(deps, tenant, subject, input, sessionId, { author: me });
  return { ...reply, dependants_: listed(dependants) };
}
