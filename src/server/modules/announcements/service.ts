import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { Conflict, NotFound, ValidationError } from '../../lib/errors';
import type {
  AnnouncementReply,
  AnnouncementSaveBody,
  MessagePreviewBody,
  MessagePreviewReply,
} from '../../../shared/schemas/messages';
import { ANNOUNCEMENTS_PAGE_SIZE, type announcementSaveReply, type announcementSummary, type announcementsAllReply } from '../../../shared/schemas/messages';
import type { z } from 'zod';
import { act } from '../log/act';
import { blockForFraud } from '../tenants/trust';
import { cancelQueued } from '../outbox/queue-repo';
import { deliveriesOf, dispatch, hold } from '../messages/dispatch';
import { prepareMessage, previewReply, sendProblems, type MessageDraft } from '../messages/preview';
import { SMS_MAX_PARTS } from '../../../shared/finnish/sms';
import * as messages from '../messages/repo';
import { checkSender, deliveryStatusesOf, LEFT_STATUSES, parseJson } from '../messages/sending';
import * as mooney from '../payments/mooney-repo';

// Announcements: compose (drafts), preview, send (straight to the outbox when free, else
// through a payment item), list, search and cancel. The price is computed by the same
// prepareMessage as preview, so what preview showed is what is charged.

type SaveReply = z.infer<typeof announcementSaveReply>;
type Summary = z.infer<typeof announcementSummary>;

function draftOf(body: MessagePreviewBody): MessageDraft {
  return {
    context: 'announcement',
    media: body.msg_media,
    subject: body.subject,
    content: body.content,
    filter: body.filter ?? null,
    addrecips: [...new Set(body.addrecips)],
  };
}

export async function preview(deps: Deps, tenant: Tenant, body: MessagePreviewBody): Promise<MessagePreviewReply> {
  return previewReply(await prepareMessage(deps, deps.db, tenant, draftOf(body)));
}

const KIND = 'announcement';

async function own(deps: Deps, tenant: Tenant, id: number): Promise<messages.MessageRow> {
  const m = await messages.findById(deps.db, tenant.id, KIND, id);
  if (!m) throw new NotFound();
  return m;
}

/** Saves the draft (a new one, or the given one while it is still a draft); returns its id. */
function fieldsOf(body: AnnouncementSaveBody) {
  const d = draftOf(body);
  return { msg_media: d.media, subject: d.subject, content: d.content, filter: JSON.stringify(body.filter ?? null), addrecips: JSON.stringify(d.addrecips) };
}

async function saveDraft(deps: Deps, tenant: Tenant, me: Member, body: AnnouncementSaveBody): Promise<number> {
  const d = draftOf(body);
  const fields = fieldsOf(body);
  if (body.id !== undefined) await own(deps, tenant, body.id);
  return act(deps, tenant, me, 'announcement_saved', async (trx, line, at) => {
    line.context = 'announcements';
    let id = body.id;
    if (id === undefined) id = await messages.insert(trx, tenant.id, { kind: KIND, ...fields, author_id: me.id, created_at: at, updated_at: at });
    else if (!(await messages.updateIf(trx, tenant.id, id, 'draft', { ...fields, updated_at: at }))) throw new Conflict('announcement_not_draft');
    line.data = [{ field: 'announcement', new: { id, subject: d.subject, msg_media: d.media } }];
    return id;
  });
}

export async function save(deps: Deps, tenant: Tenant, me: Member, body: AnnouncementSaveBody): Promise<SaveReply> {
  const id = await saveDraft(deps, tenant, me, body);
  if (!body.send) return { id, queued: false };

  const draft = draftOf(body);
  await checkSender(deps, tenant, draft.media);
  const prepared = await prepareMessage(deps, deps.db, tenant, draft);
  if (prepared.fraudulent) {
    // The refusal must outlive this request: the block is its own transaction.
    await blockForFraud(deps, tenant.id, me, draft.subject, prepared.findings);
    throw ValidationError.general('fraudulent_content');
  }
  const problems = sendProblems(draft, prepared);
  if (problems) throw new ValidationError(problems, { max: SMS_MAX_PARTS, chars: prepared.letter?.unsupported_chars.join(' ') ?? '' });

  const price = prepared.price;
  const rows = deliveriesOf(prepared, draft.media);
  const mid = crypto.randomUUID();
  return act(deps, tenant, me, 'announcement_sent', async (trx, line, at) => {
    const free = price.total_cents === 0;
    await mooney.insertForMessage(trx, { id: mid, tenantId: tenant.id, context: KIND, messageId: id, price, goto: `/announcements/${id}`, authorId: me.id, at });
    // The message as priced, whatever another tab saved into the draft meanwhile.
    const recorded = { ...fieldsOf(body), price: JSON.stringify(price), payment_id: mid, updated_at: at };
    if (!(await messages.updateIf(trx, tenant.id, id, 'draft', recorded))) throw new Conflict('announcement_not_draft');
    line.context = 'announcements';
    line.data = [{ field: 'announcement', new: { id, subject: draft.subject, msg_media: draft.media, recipients: rows.length, total_cents: price.total_cents } }];
    if (free) {
      if (!(await dispatch(trx, tenant.id, id, 'draft', rows, at))) throw new Conflict('announcement_not_draft');
      return { id, queued: true };
    }
    if (!(await hold(trx, tenant.id, id, rows, at))) throw new Conflict('announcement_not_draft');
    return { id, mooney_id: mid, queued: false };
  });
}

function summary(m: messages.MessageRow, counts: Partial<Record<string, number>> | undefined): Summary {
  return {
    id: m.id,
    subject: m.subject,
    msg_media: m.msg_media as Summary['msg_media'],
    status: m.status,
    recipient_count: m.recipient_count,
    created_at: m.created_at,
    sent_at: m.sent_at,
    msg_statuses: deliveryStatusesOf(counts),
  };
}

export async function all(deps: Deps, tenant: Tenant, page: number): Promise<z.infer<typeof announcementsAllReply>> {
  const [rows, count] = await Promise.all([
    messages.page(deps.db, tenant.id, KIND, ANNOUNCEMENTS_PAGE_SIZE, page * ANNOUNCEMENTS_PAGE_SIZE),
    messages.count(deps.db, tenant.id, KIND),
  ]);
  const counts = await messages.statusCounts(deps.db, tenant.id, rows.map((r) => r.id));
  return { results: rows.map((r) => summary(r, counts.get(r.id))), count };
}

export async function get(deps: Deps, tenant: Tenant, id: number, page: number): Promise<AnnouncementReply> {
  const m = await own(deps, tenant, id);
  const [counts, rows, msgsCount] = await Promise.all([
    messages.statusCounts(deps.db, tenant.id, [id]),
    messages.deliveries(deps.db, tenant.id, id, ANNOUNCEMENTS_PAGE_SIZE, page * ANNOUNCEMENTS_PAGE_SIZE),
    messages.deliveryCount(deps.db, tenant.id, id),
  ]);
  return {
    ...summary(m, counts.get(id)),
    content: m.content,
    filter: parseJson<unknown>(m.filter, null),
    addrecips: parseJson<number[]>(m.addrecips, []),
    price: parseJson(m.price, null),
    mooney_id: m.payment_id,
    msgs: rows.map((r) => ({
      id: r.id,
      member_id: r.member_id,
      name: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
      recipient_address: r.address,
      status: r.status,
      date_sent: LEFT_STATUSES.has(r.status) ? r.status_at : null,
      status_at: r.status_at,
    })),
    msgs_count: msgsCount,
  };
}

export async function supersearch(deps: Deps, tenant: Tenant, term: string) {
  const t = term.trim();
  if ([...t].length <= 2) throw ValidationError.field('term', '_validation_too_short');
  return { results: await messages.search(deps.db, tenant.id, KIND, t, ANNOUNCEMENTS_PAGE_SIZE) };
}

/** Cancels what is still queued; a message waiting for payment is cancelled whole. Returns how many deliveries were cancelled. */
export async function cancel(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<{ cancelled: number }> {
  const m = await own(deps, tenant, id);
  return act(deps, tenant, me, 'announcement_cancelled', async (trx, line, at) => {
    const unpaid = await messages.updateIf(trx, tenant.id, id, 'paying', { status: 'cancelled', updated_at: at });
    const n = await cancelQueued(trx, tenant.id, id, at);
    line.context = 'announcements';
    line.data = [{ field: 'announcement', new: { id, subject: m.subject, cancelled: n } }];
    line.write = unpaid || n > 0;
    return { cancelled: n };
  });
}
