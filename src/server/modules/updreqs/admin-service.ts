import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { Conflict, NotFound, ValidationError } from '../../lib/errors';
import { publicBase } from '../../lib/publicUrl';
import { UPDREQS_PAGE_SIZE } from '../../../shared/constants';
import { SMS_MAX_PARTS } from '../../../shared/finnish/sms';
import type { MessagePreviewReply } from '../../../shared/schemas/messages';
import type { UpdreqPreviewBody, UpdreqReply, UpdreqSaveBody, UpdreqSummary, updreqSaveReply, updreqsAllReply, updreqSearchReply } from '../../../shared/schemas/updreqs';
import { countInstances, emptyInstanceCounts, instanceStatus, responseRate, updreqVersion, type InstanceCounts } from '../../../shared/updreqs/status';
import type { z } from 'zod';
import { act } from '../log/act';
import { blockForFraud } from '../tenants/trust';
import { cancelQueued } from '../outbox/queue-repo';
import { deliveriesOf, dispatch, hold } from '../messages/dispatch';
import { prepareMessage, previewReply, sendProblems, type MessageDraft, type PreparedMessage } from '../messages/preview';
import * as messages from '../messages/repo';
import { checkSender, deliveryStatusesOf, parseJson } from '../messages/sending';
import * as mooney from '../payments/mooney-repo';
import { instanceGroups, instancePage } from './instances-repo';
import { editLinkUrl, SAMPLE_LINK_TOKEN, updreqContent } from './personalise';

// Update requests: "please check your data" messages by email or SMS, each delivery carrying
// its recipient's own edit link (written in by the outbox's personaliser). Composed, priced,
// paid and sent as announcements are (price list `updreq`: email free from the Start tier);
// read back with each recipient's instance status (delivery × what they did with the link).

const KIND = 'updreq';
type SaveReply = z.infer<typeof updreqSaveReply>;

function draftOf(body: UpdreqPreviewBody): MessageDraft {
  return { context: 'updreq', media: body.msg_media, subject: body.subject, content: body.content, filter: body.filter ?? null, addrecips: [...new Set(body.addrecips)] };
}

/**
 * The message as each recipient gets it, with a sample link as long as the real one: the
 * link is part of what is sent, so it counts in the SMS parts, the preview and the price.
 */
function prepare(deps: Deps, tenant: Tenant, draft: MessageDraft): Promise<PreparedMessage> {
  const sample = editLinkUrl(publicBase(deps.config, tenant), SAMPLE_LINK_TOKEN);
  return prepareMessage(deps, deps.db, tenant, { ...draft, content: updreqContent(draft.media, draft.content, sample) });
}

export async function preview(deps: Deps, tenant: Tenant, body: UpdreqPreviewBody): Promise<MessagePreviewReply> {
  return previewReply(await prepare(deps, tenant, draftOf(body)));
}

async function own(deps: Deps, tenant: Tenant, id: number): Promise<messages.MessageRow> {
  const m = await messages.findById(deps.db, tenant.id, KIND, id);
  if (!m) throw new NotFound();
  return m;
}

function fieldsOf(body: UpdreqSaveBody) {
  const d = draftOf(body);
  return { msg_media: d.media, subject: d.subject, content: d.content, filter: JSON.stringify(body.filter ?? null), addrecips: JSON.stringify(d.addrecips) };
}

async function saveDraft(deps: Deps, tenant: Tenant, me: Member, body: UpdreqSaveBody): Promise<number> {
  const fields = fieldsOf(body);
  if (body.id !== undefined) await own(deps, tenant, body.id);
  return act(deps, tenant, me, 'updreq_saved', async (trx, line, at) => {
    line.context = 'updreqs';
    let id = body.id;
    if (id === undefined) id = await messages.insert(trx, tenant.id, { kind: KIND, ...fields, author_id: me.id, created_at: at, updated_at: at });
    else if (!(await messages.updateIf(trx, tenant.id, id, 'draft', { ...fields, updated_at: at }))) throw new Conflict('updreq_not_draft');
    line.data = [{ field: 'updreq', new: { id, subject: fields.subject, msg_media: fields.msg_media } }];
    return id;
  });
}

/** Saves the draft; with `send`, checks and sends it at the price preview showed (or holds it for payment). */
export async function save(deps: Deps, tenant: Tenant, me: Member, body: UpdreqSaveBody): Promise<SaveReply> {
  const id = await saveDraft(deps, tenant, me, body);
  if (!body.send) return { id, queued: false };

  const draft = draftOf(body);
  await checkSender(deps, tenant, draft.media);
  const prepared = await prepare(deps, tenant, draft);
  if (prepared.fraudulent) {
    // The refusal must outlive this request: the block is its own transaction.
    await blockForFraud(deps, tenant.id, me, draft.subject, prepared.findings);
    throw ValidationError.general('fraudulent_content');
  }
  // Problems of what the admin wrote (an empty text stays empty under the link).
  const problems = sendProblems(draft, prepared);
  if (problems) throw new ValidationError(problems, { max: SMS_MAX_PARTS, chars: '' });

  const price = prepared.price;
  const rows = deliveriesOf(prepared, draft.media);
  const mid = crypto.randomUUID();
  return act(deps, tenant, me, 'updreq_sent', async (trx, line, at) => {
    await mooney.insertForMessage(trx, { id: mid, tenantId: tenant.id, context: KIND, messageId: id, price, goto: `/updreqs/${id}`, authorId: me.id, at });
    // The message as priced, whatever another tab saved into the draft meanwhile.
    const recorded = { ...fieldsOf(body), price: JSON.stringify(price), payment_id: mid, updated_at: at };
    if (!(await messages.updateIf(trx, tenant.id, id, 'draft', recorded))) throw new Conflict('updreq_not_draft');
    line.context = 'updreqs';
    line.data = [{ field: 'updreq', new: { id, subject: draft.subject, msg_media: draft.media, recipients: rows.length, total_cents: price.total_cents } }];
    if (price.total_cents === 0) {
      if (!(await dispatch(trx, tenant.id, id, 'draft', rows, at))) throw new Conflict('updreq_not_draft');
      return { id, queued: true };
    }
    if (!(await hold(trx, tenant.id, id, rows, at))) throw new Conflict('updreq_not_draft');
    return { id, mooney_id: mid, queued: false };
  });
}

function summary(m: messages.MessageRow, counts: InstanceCounts): UpdreqSummary {
  return {
    id: m.id,
    subject: m.subject,
    msg_media: m.msg_media as UpdreqSummary['msg_media'],
    status: m.status,
    recipient_count: m.recipient_count,
    created_at: m.created_at,
    sent_at: m.sent_at,
    version: updreqVersion(m.sent_at),
    updreq_statuses: counts,
    response_rate: responseRate(counts),
  };
}

/** Instance counts per message, from one grouped query. */
async function countsOf(deps: Deps, tenant: Tenant, ids: readonly number[]): Promise<Map<number, InstanceCounts>> {
  const groups = await instanceGroups(deps.db, tenant.id, ids);
  return new Map(ids.map((id) => [id, countInstances(groups.filter((g) => g.messageId === id))]));
}

export async function all(deps: Deps, tenant: Tenant, page: number): Promise<z.infer<typeof updreqsAllReply>> {
  const [rows, count] = await Promise.all([
    messages.page(deps.db, tenant.id, KIND, UPDREQS_PAGE_SIZE, page * UPDREQS_PAGE_SIZE),
    messages.count(deps.db, tenant.id, KIND),
  ]);
  const counts = await countsOf(deps, tenant, rows.map((r) => r.id));
  return { results: rows.map((r) => summary(r, counts.get(r.id) ?? emptyInstanceCounts())), count };
}

export async function get(deps: Deps, tenant: Tenant, id: number, page: number): Promise<UpdreqReply> {
  const m = await own(deps, tenant, id);
  const [counts, deliveryCounts, rows, total] = await Promise.all([
    countsOf(deps, tenant, [id]),
    messages.statusCounts(deps.db, tenant.id, [id]),
    instancePage(deps.db, tenant.id, id, UPDREQS_PAGE_SIZE, page * UPDREQS_PAGE_SIZE),
    messages.deliveryCount(deps.db, tenant.id, id),
  ]);
  return {
    ...summary(m, counts.get(id) ?? emptyInstanceCounts()),
    content: m.content,
    filter: parseJson<unknown>(m.filter, null),
    addrecips: parseJson<number[]>(m.addrecips, []),
    price: parseJson(m.price, null),
    mooney_id: m.payment_id,
    msg_statuses: deliveryStatusesOf(deliveryCounts.get(id)),
    instances: rows.map((r) => ({
      id: r.id,
      member_id: r.member_id,
      name: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
      recipient_address: r.address,
      status: instanceStatus(r.status, r.link),
      status_at: r.at,
    })),
    instances_count: total,
  };
}

export async function supersearch(deps: Deps, tenant: Tenant, term: string): Promise<z.infer<typeof updreqSearchReply>> {
  const t = term.trim();
  if ([...t].length <= 2) throw ValidationError.field('term', '_validation_too_short');
  return { results: await messages.search(deps.db, tenant.id, KIND, t, UPDREQS_PAGE_SIZE) };
}

/** Cancels what is still queued; a request waiting for payment is cancelled whole. */
export async function cancel(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<{ cancelled: number }> {
  const m = await own(deps, tenant, id);
  return act(deps, tenant, me, 'updreq_cancelled', async (trx, line, at) => {
    const unpaid = await messages.updateIf(trx, tenant.id, id, 'paying', { status: 'cancelled', updated_at: at });
    const n = await cancelQueued(trx, tenant.id, id, at);
    line.context = 'updreqs';
    line.data = [{ field: 'updreq', new: { id, subject: m.subject, cancelled: n } }];
    line.write = unpaid || n > 0;
    return { cancelled: n };
  });
}
