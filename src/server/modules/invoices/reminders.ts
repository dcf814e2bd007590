import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { Conflict, NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import { blockForFraud, trustOf } from '../tenants/trust';
import * as settingsRepo from '../settings/repo';
import { validateIban } from '../../../shared/finnish/iban';
import { deliveriesOf, dispatch, hold } from '../messages/dispatch';
import { prepareMessage, previewReply, tierOf, type PreparedMessage } from '../messages/preview';
import { pricesOf } from '../messages/price-list';
import * as messages from '../messages/repo';
import * as mooney from '../payments/mooney-repo';
import { invoicePageCount } from '../../../shared/invoices/pages';
import { messagePrice, type MessagePrice } from '../../../shared/messages/prices';
import type { InvoiceInstanceReply, ReminderBody, reminderPreviewReply, reminderSendReply } from '../../../shared/schemas/invoices';
import { instancesByIds, type InstanceRow } from './instances-repo';
import { insertActions, instancesOfInvoice, invoiceById, setCached, subjectOf, type InvoiceRowDb } from './actions-repo';
import { helsinkiToday, presentInstances } from './present';
import { NotAllowed } from './actions';

// Payment reminders (/invoices/reminder/{id}): a new message of kind 'reminder' to the chosen
// open instances' members, with a new due date. Each reminded instance gets a `reminder`
// action carrying the message and the due date, so the due date in force becomes the
// reminder's, and the personaliser finds the instance by message and member.

/** Reminded by default: instances past due, partly paid or partly credited. */
const DEFAULT_STATUSES = new Set(['overdue', 'underpaid', 'partially_credited']);
const KIND = 'reminder';

interface Plan {
  invoice: InvoiceRowDb;
  subject: string;
  /** The reminded instances (their members reachable by the medium). */
  instances: InstanceRow[];
  open_c: number;
  prepared: PreparedMessage;
  price: MessagePrice;
}

async function planReminder(deps: Deps, tenant: Tenant, body: ReminderBody): Promise<Plan> {
  const invoice = await invoiceById(deps.db, tenant.id, body.id);
  if (!invoice) throw new NotFound();
  const today = helsinkiToday(deps.clock.now());
  let rows: InstanceRow[];
  if (body.reminder_to_.length > 0) {
    rows = await instancesByIds(deps.db, tenant.id, [...new Set(body.reminder_to_)]);
    // Another invoice's or association's instance is not found, as any foreign id.
    if (rows.length !== new Set(body.reminder_to_).size || rows.some((r) => r.invoice_id !== invoice.id || r.kind !== 'invoice')) throw new NotFound();
  } else rows = await instancesOfInvoice(deps.db, tenant.id, invoice.id);
  const presented = await presentInstances(deps.db, tenant.id, rows, today);
  const byId = new Map<number, InvoiceInstanceReply>(presented.map((p) => [p.id, p]));
  const chosen = body.reminder_to_.length > 0;
  // Chosen by hand: anything still open; by default: the late ones. Erased members are skipped.
  const due = rows.filter((r) => {
    const p = byId.get(r.id)!;
    return r.member_id !== null && p.amount_open_c > 0 && (chosen || DEFAULT_STATUSES.has(p.status_c));
  });
  if (chosen && due.length < rows.filter((r) => r.member_id !== null).length) throw new NotAllowed();
  const subject = body.subject.trim() !== '' ? body.subject : `Maksumuistutus: ${await subjectOf(deps.db, tenant.id, invoice.message_id)}`;
  const prepared = await prepareMessage(deps, deps.db, tenant, {
    context: KIND,
    media: body.msg_media,
    subject,
    content: body.description,
    filter: null,
    addrecips: due.map((r) => r.member_id!),
  });
  const reachable = new Set(prepared.reach.reachable);
  const instances = due.filter((r) => reachable.has(r.member_id!));
  const n = instances.length;
  // Letters print every page of the reminder: its first page and the description's pages.
  const price = messagePrice({ context: KIND, media: body.msg_media, counts: { messages: n, pages: n * invoicePageCount(body.description) }, tier: tierOf(tenant), prices: pricesOf(deps.config) });
  const open_c = instances.reduce((s, r) => s + byId.get(r.id)!.amount_open_c, 0);
  return { invoice, subject, instances, open_c, prepared, price };
}

function checkDue(deps: Deps, body: ReminderBody): void {
  if (body.date_due < helsinkiToday(deps.clock.now())) throw ValidationError.field('date_due', 'invoice_due_in_past');
}

export async function preview(deps: Deps, tenant: Tenant, body: ReminderBody): Promise<z.infer<typeof reminderPreviewReply>> {
  const p = await planReminder(deps, tenant, body);
  const base = previewReply(p.prepared);
  const out = { ...base, recipient_count: p.instances.length, price: p.price, amount_open_c: p.open_c, instance_count: p.instances.length };
  if (base.letter) out.letter = { ...base.letter, pages: invoicePageCount(body.description) };
  return out;
}

async function checkSend(deps: Deps, tenant: Tenant, me: Member, body: ReminderBody, p: Plan): Promise<void> {
  if ((await trustOf(deps.db, tenant.id)) === 'BLOCKED') throw ValidationError.general('messaging_blocked');
  // As for the invoice itself: a reply-to address, a bank account for the slip, a business id for letters.
  const settings = await settingsRepo.getAll(deps.db, tenant.id);
  const str = (k: string) => (typeof settings[k] === 'string' ? (settings[k] as string).trim() : '');
  if (str('reply_to_email') === '') throw ValidationError.general('email_missing_');
  if (body.msg_media === 'letter' && str('business_id') === '') throw ValidationError.general('vat_id_missing_');
  if (str('bank_account') === '' || validateIban(str('bank_account')) !== null) throw ValidationError.general('invoice_bank_account_missing');
  if (p.prepared.fraudulent) {
    // The refusal must outlive this request: the block is its own transaction.
    await blockForFraud(deps, tenant.id, me, p.subject, p.prepared.findings);
    throw ValidationError.general('fraudulent_content');
  }
  const errors: Record<string, string[]> = {};
  const letter = p.prepared.letter;
  if (letter) {
    for (const key of letter.problems) (errors.description ??= []).push(key);
    if (letter.unsupported_chars.length > 0) (errors.description ??= []).push('letter_unsupported_chars');
  }
  if (p.instances.length === 0) errors.general = ['invoice_reminder_no_instances'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, { chars: letter?.unsupported_chars.join(' ') ?? '' });
}

export async function send(deps: Deps, tenant: Tenant, me: Member, body: ReminderBody): Promise<z.infer<typeof reminderSendReply>> {
  checkDue(deps, body);
  const p = await planReminder(deps, tenant, body);
  await checkSend(deps, tenant, me, body, p);
  const record = { msg_media: body.msg_media, subject: p.subject, content: body.description, filter: 'null', addrecips: JSON.stringify(p.instances.map((r) => r.member_id)) };
  const members = new Set(p.instances.map((r) => r.member_id));
  const rows = deliveriesOf(p.prepared, body.msg_media).filter((d) => members.has(d.memberId));
  const mid = crypto.randomUUID();
  return act(deps, tenant, me, body.send ? 'invoice_reminder_sent' : 'invoice_reminder_saved', async (trx, line, at) => {
    const messageId = await messages.insert(trx, tenant.id, { kind: KIND, ...record, invoice_id: p.invoice.id, author_id: me.id, created_at: at, updated_at: at });
    line.context = 'invoices';
    line.data = [{ field: 'reminder', new: { invoice_id: p.invoice.id, message_id: messageId, subject: p.subject, msg_media: body.msg_media, instances: p.instances.length, date_due: body.date_due, total_cents: p.price.total_cents } }];
    if (!body.send) return { message_id: messageId, queued: false };
    const free = p.price.total_cents === 0;
    await mooney.insertForMessage(trx, { id: mid, tenantId: tenant.id, context: KIND, messageId, price: p.price, goto: `/invoices/${p.invoice.id}`, authorId: me.id, at });
    await messages.updateIf(trx, tenant.id, messageId, 'draft', { price: JSON.stringify(p.price), payment_id: mid, updated_at: at });
    await insertActions(trx, p.instances.map((inst) => ({ tenant_id: tenant.id, instance_id: inst.id, action_type: 'reminder', message_id: messageId, date_due: body.date_due, author_id: me.id, created_at: at })));
    // The new reminder is each instance's latest: its due date is now the one in force (as recompute would cache it).
    await setCached(trx, tenant.id, p.instances.map((inst) => inst.id), { reminder_due: body.date_due, updated_at: at });
    const moved = free ? await dispatch(trx, tenant.id, messageId, 'draft', rows, at) : await hold(trx, tenant.id, messageId, rows, at);
    if (!moved) throw new Conflict('invoice_action_not_allowed');
    return free ? { message_id: messageId, queued: true } : { message_id: messageId, mooney_id: mid, queued: false };
  });
}
