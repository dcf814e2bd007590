import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { Conflict, NotFound, ValidationError } from '../../lib/errors';
import { publicBase } from '../../lib/publicUrl';
import { FILTER_OR, type Filter } from '../../../shared/filter/types';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { MEMBERCARDS_PAGE_SIZE } from '../../../shared/constants';
import { designOf, isDesigned, validUntil } from '../../../shared/membercard/face';
import type { MessagePreviewReply } from '../../../shared/schemas/messages';
import type { MembercardReply, MembercardSaveBody, membercardSaveReply, membercardSummary, membercardsAllReply } from '../../../shared/schemas/membercard';
import { act } from '../log/act';
import { loadModel } from '../members/model';
import { deliveriesOf, dispatch, hold } from '../messages/dispatch';
import { prepareMessage, previewReply, sendProblems, type MessageDraft, type PreparedMessage } from '../messages/preview';
import * as messages from '../messages/repo';
import { checkSender, deliveryStatusesOf, parseJson } from '../messages/sending';
import { cancelQueued } from '../outbox/queue-repo';
import * as mooney from '../payments/mooney-repo';
import { helsinkiDate } from '../receipts/dates';
import * as settingsRepo from '../settings/repo';
import { blockForFraud } from '../tenants/trust';
import * as cards from './cards-repo';
import { cardUrl, withCardLink } from './personalise';
import { cardStatus } from './status';

// Card messages: each recipient gets a link to their own card (personalise.ts). Recipients are
// the live members of the design's groups, narrowed by the optional filter; with no filter but
// hand-picked members, only those (and only if they are in the groups). The text is written
// here; preview, price and payment are the announcements' own (messages/).

const KIND = 'membercard';
type Body = Pick<MembercardSaveBody, 'msg_media' | 'filter' | 'addrecips'>;
type Summary = z.infer<typeof membercardSummary>;

interface Composed {
  draft: MessageDraft;
  /** The draft priced: an SMS with a link as long as the real one. */
  priced: MessageDraft;
  validUntil: string;
}

/** The design's groups as a filter every recipient must match; refused when nothing is designed. */
async function groupsScope(deps: Deps, tenant: Tenant): Promise<{ within: Filter; season_end: string }> {
  const design = designOf(await settingsRepo.getAll(deps.db, tenant.id));
  const model = await loadModel(deps.db, tenant.id);
  const groups = model.groups.filter((g) => design.groups.includes(g.id));
  // A design whose groups have all been deleted sends to nobody, never to everyone.
  if (!isDesigned(design) || groups.length === 0) throw ValidationError.general('membercard_not_designed');
  return { within: [{ field: FILTER_OR, verb: 'or', value: groups.map((g) => ({ field: g.name, verb: 'in_group' })) }], season_end: design.season_end };
}

export function cardText(medium: 'sms' | 'email', association: string, until: string): { subject: string; content: string } {
  const date = formatFinnishDate(until);
  const subject = `Jäsenkortti ${association}`;
  // An SMS stays one part with the link (about 75 characters) unless the name is long.
  if (medium === 'sms') return { subject, content: `${association}: jäsenkorttisi, voimassa ${date} asti:` };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    subject,
    content: `<p>Hei,</p><p>tässä on ${esc(association)} -jäsenkorttisi. Kortti on voimassa ${date} asti.</p><p>Avaa kortti puhelimellasi ja näytä se esimerkiksi tapahtuman ovella.</p>`,
  };
}

async function compose(deps: Deps, tenant: Tenant, body: Body): Promise<Composed> {
  const { within, season_end } = await groupsScope(deps, tenant);
  const until = validUntil(season_end, helsinkiDate(iso(deps.clock.now())));
  const addrecips = [...new Set(body.addrecips)];
  const filter = body.filter && body.filter.length > 0 ? body.filter : addrecips.length > 0 ? null : [];
  const { subject, content } = cardText(body.msg_media, tenant.name, until);
  const draft: MessageDraft = { context: 'membercard', media: body.msg_media, subject, content, filter, addrecips, within };
  const sample = withCardLink(body.msg_media, content, cardUrl(publicBase(deps.config, tenant), 'x'.repeat(43)));
  return { draft, priced: { ...draft, content: sample }, validUntil: until };
}

export async function preview(deps: Deps, tenant: Tenant, body: Body): Promise<MessagePreviewReply> {
  const c = await compose(deps, tenant, body);
  return previewReply(await prepareMessage(deps, deps.db, tenant, c.priced));
}

/** Hand-picked members the medium cannot reach: an SMS card needs a Finnish mobile number. */
function pickedProblems(draft: MessageDraft, p: PreparedMessage): Record<string, string[]> | null {
  const picked = new Set(draft.addrecips);
  const bad = p.reach.unreachable.filter((u) => picked.has(u.member_id));
  if (bad.length === 0) return null;
  return { addrecips: [draft.media === 'sms' ? 'members_cannot_send_membercard' : 'members_fill_email'] };
}

export async function save(deps: Deps, tenant: Tenant, me: Member, body: MembercardSaveBody): Promise<z.infer<typeof membercardSaveReply>> {
  const c = await compose(deps, tenant, body);
  const fields = { kind: KIND, msg_media: body.msg_media, subject: c.draft.subject, content: c.draft.content, filter: JSON.stringify(c.draft.filter), addrecips: JSON.stringify(c.draft.addrecips) } as const;
  if (!body.send) {
    // A draft only (nothing leaves, nothing is charged): kept for the list.
    const at = iso(deps.clock.now());
    const id = await messages.insert(deps.db, tenant.id, { ...fields, author_id: me.id, created_at: at, updated_at: at });
    return { id, queued: false };
  }
  await checkSender(deps, tenant, body.msg_media);
  const prepared = await prepareMessage(deps, deps.db, tenant, c.priced);
  if (prepared.fraudulent) {
    await blockForFraud(deps, tenant.id, me, c.draft.subject, prepared.findings);
    throw ValidationError.general('fraudulent_content');
  }
  const problems = pickedProblems(c.draft, prepared) ?? sendProblems(c.priced, prepared);
  if (problems) throw new ValidationError(problems);
  const price = prepared.price;
  const rows = deliveriesOf(prepared, body.msg_media);
  const mid = crypto.randomUUID();
  return act(deps, tenant, me, 'membercard_sent', async (trx, line, at) => {
    const id = await messages.insert(trx, tenant.id, { ...fields, price: JSON.stringify(price), payment_id: mid, author_id: me.id, created_at: at, updated_at: at });
    await mooney.insertForMessage(trx, { id: mid, tenantId: tenant.id, context: KIND, messageId: id, price, goto: `/membercard/${String(id)}`, authorId: me.id, at });
    line.context = 'membercard';
    line.data = [{ field: 'membercard', new: { id, msg_media: body.msg_media, recipients: rows.length, valid_until: c.validUntil, total_cents: price.total_cents } }];
    if (price.total_cents === 0) {
      if (!(await dispatch(trx, tenant.id, id, 'draft', rows, at))) throw new Conflict('announcement_not_draft');
      return { id, queued: true };
    }
    if (!(await hold(trx, tenant.id, id, rows, at))) throw new Conflict('announcement_not_draft');
    return { id, mooney_id: mid, queued: false };
  });
}

async function own(deps: Deps, tenant: Tenant, id: number): Promise<messages.MessageRow> {
  const m = await messages.findById(deps.db, tenant.id, KIND, id);
  if (!m) throw new NotFound();
  return m;
}

function summary(m: messages.MessageRow, counts: Partial<Record<string, number>> | undefined, opened: number): Summary {
  return {
    id: m.id,
    msg_media: m.msg_media === 'email' ? 'email' : 'sms',
    status: m.status,
    recipient_count: m.recipient_count,
    created_at: m.created_at,
    sent_at: m.sent_at,
    msg_statuses: deliveryStatusesOf(counts),
    opened_count: opened,
  };
}

export async function all(deps: Deps, tenant: Tenant, page: number): Promise<z.infer<typeof membercardsAllReply>> {
  const [rows, count] = await Promise.all([messages.page(deps.db, tenant.id, KIND, MEMBERCARDS_PAGE_SIZE, page * MEMBERCARDS_PAGE_SIZE), messages.count(deps.db, tenant.id, KIND)]);
  const ids = rows.map((r) => r.id);
  const [counts, opened] = await Promise.all([messages.statusCounts(deps.db, tenant.id, ids), cards.openedCounts(deps.db, tenant.id, ids)]);
  return { results: rows.map((r) => summary(r, counts.get(r.id), opened.get(r.id) ?? 0)), count };
}

/** The message with a page of its recipients and each one's card status. */
export async function get(deps: Deps, tenant: Tenant, id: number, page: number): Promise<MembercardReply> {
  const m = await own(deps, tenant, id);
  const [counts, opened, rows, total, until] = await Promise.all([
    messages.statusCounts(deps.db, tenant.id, [id]),
    cards.openedCounts(deps.db, tenant.id, [id]),
    messages.deliveries(deps.db, tenant.id, id, MEMBERCARDS_PAGE_SIZE, page * MEMBERCARDS_PAGE_SIZE),
    messages.deliveryCount(deps.db, tenant.id, id),
    cards.validUntilOf(deps.db, tenant.id, id),
  ]);
  const byDelivery = await cards.cardsOfDeliveries(deps.db, tenant.id, id, rows.map((r) => r.id));
  const today = helsinkiDate(iso(deps.clock.now()));
  return {
    ...summary(m, counts.get(id), opened.get(id) ?? 0),
    price: parseJson(m.price, null),
    mooney_id: m.payment_id,
    valid_until: until,
    cards: rows.map((r) => {
      const card = byDelivery.get(r.id);
      return {
        delivery_id: r.id,
        member_id: r.member_id,
        name: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
        recipient_address: r.address,
        delivery_status: r.status,
        card_status: cardStatus(card, today),
        opened_at: card?.opened_at ?? null,
      };
    }),
    cards_count: total,
  };
}

/** Cancels what is still queued; a message waiting for payment is cancelled whole. */
export async function cancel(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<{ cancelled: number }> {
  await own(deps, tenant, id);
  return act(deps, tenant, me, 'membercard_cancelled', async (trx, line, at) => {
    const unpaid = await messages.updateIf(trx, tenant.id, id, 'paying', { status: 'cancelled', updated_at: at });
    const n = await cancelQueued(trx, tenant.id, id, at);
    line.context = 'membercard';
    line.data = [{ field: 'membercard', new: { id, cancelled: n } }];
    line.write = unpaid || n > 0;
    return { cancelled: n };
  });
}
