import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { Conflict, NotFound, ValidationError } from '../../lib/errors';
import type { Filter } from '../../../shared/filter/types';
import { validateIban } from '../../../shared/finnish/iban';
import { invoicePageCount } from '../../../shared/invoices/pages';
import type { InvoicePreviewBody, InvoicePreviewReply, InvoiceRow, InvoiceSaveBody, invoiceSaveReply } from '../../../shared/schemas/invoices';
import { INVOICE_CONFIRM_ABOVE_C } from '../../../shared/schemas/invoices';
import type { z } from 'zod';
import { act } from '../log/act';
import * as settingsRepo from '../settings/repo';
import { blockForFraud, trustOf } from '../tenants/trust';
import { dispatch, hold } from '../messages/dispatch';
import { previewReply } from '../messages/preview';
import * as messages from '../messages/repo';
import * as mooney from '../payments/mooney-repo';
import { breakdownOf, composeInvoice, type Composed, type Errors } from './compose';
import { helsinkiToday } from './present';
import * as repo from './repo';
import { createInstancesForRound, planRound, type RoundPlan } from './round';
import { FIRST_INVOICE_NUMBER } from './numbers-repo';

// Invoices: compose (drafts), preview, send (straight to the outbox when free, else through a
// payment item, like announcements) and add recipients to a sent invoice as a new round.

type SaveReply = z.infer<typeof invoiceSaveReply>;
const KIND = 'invoice';

interface InvoiceSettings {
  iban: string;
  vat_obliged: boolean;
  rf: boolean;
  reply_to: string;
  business_id: string;
}

async function settingsOf(deps: Pick<Deps, 'db'>, tenantId: number): Promise<InvoiceSettings> {
  const s = await settingsRepo.getAll(deps.db, tenantId);
  const str = (k: string) => (typeof s[k] === 'string' ? (s[k] as string).trim() : '');
  return { iban: str('bank_account'), vat_obliged: s.vat_obliged === true, rf: s.invoice_rf_reference === true, reply_to: str('reply_to_email'), business_id: str('business_id') };
}

const today = (deps: Pick<Deps, 'clock'>): string => helsinkiToday(deps.clock.now());

function compose(deps: Pick<Deps, 'clock'>, body: InvoicePreviewBody & { send?: boolean; confirmed?: boolean }, s: InvoiceSettings): Composed {
  const day = today(deps);
  const { composed, errors } = composeInvoice({
    rows: body.invoice_rows_,
    subject: body.subject,
    description: body.description,
    date_due: body.date_due,
    invoice_date: day,
    today: day,
    vat_obliged: s.vat_obliged,
    sending: body.send === true,
    confirmed: body.confirmed === true,
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return composed;
}

const parseRows = (text: string): InvoiceRow[] => {
  try {
    return JSON.parse(text) as InvoiceRow[];
  } catch {
    return [];
  }
};

/** A sent invoice as a round composes it: its own rows, due date and pages. */
function composedOf(inv: repo.InvoiceWithMessage): Composed {
  const rows = parseRows(inv.rows);
  return { rows, amount_c: inv.amount_c, vat_breakdown: breakdownOf(rows), needs_confirmation: inv.amount_c > INVOICE_CONFIRM_ABOVE_C, pages: invoicePageCount(inv.content) };
}

async function sampleNumber(deps: Pick<Deps, 'db'>, tenantId: number): Promise<number> {
  return ((await repo.lastNumber(deps.db, tenantId)) ?? FIRST_INVOICE_NUMBER - 1) + 1;
}

async function ownInvoice(deps: Pick<Deps, 'db'>, tenant: Tenant, id: number): Promise<repo.InvoiceWithMessage> {
  const inv = await repo.getWithMessage(deps.db, tenant.id, id);
  if (!inv) throw new NotFound();
  return inv;
}

/** Why recipients cannot be added to the invoice now (message keys); empty when they can. */
export function addBlockers(inv: Pick<repo.InvoiceWithMessage, 'status' | 'is_legacy' | 'vat_obliged'>, s: Pick<InvoiceSettings, 'vat_obliged'>): string[] {
  const out: string[] = [];
  if (inv.status !== 'sent') out.push('invoice_not_sent');
  if (inv.is_legacy === 1) out.push('invoice_add_recipients_legacy');
  if ((inv.vat_obliged === 1) !== s.vat_obliged) out.push('invoice_add_recipients_vat_changed');
  return out;
}

async function plan(deps: Deps, tenant: Tenant, c: Composed, m: { media: InvoicePreviewBody['msg_media']; subject: string; description: string; filter: Filter | null; addrecips: readonly number[]; date_due: string; sms_notify: boolean; rf: boolean }, s: InvoiceSettings, exclude: ReadonlySet<number> = new Set()): Promise<RoundPlan> {
  return planRound(deps, deps.db, tenant, {
    ...m,
    addrecips: [...new Set(m.addrecips)],
    pages: c.pages,
    exclude,
    amount_c: c.amount_c,
    iban: s.iban,
    sample_number: await sampleNumber(deps, tenant.id),
  });
}

function reply(p: RoundPlan, c: Composed): InvoicePreviewReply {
  const base = previewReply(p.prepared);
  const out: InvoicePreviewReply = {
    ...base,
    recipient_count: p.recipients.length,
    price: p.price,
    amount_total_c: c.amount_c,
    vat_breakdown: c.vat_breakdown,
    needs_confirmation: c.needs_confirmation,
  };
  if (base.letter) out.letter = { ...base.letter, pages: c.pages };
  if (p.sms) out.sms_notice = p.sms;
  return out;
}

export async function preview(deps: Deps, tenant: Tenant, body: InvoicePreviewBody): Promise<InvoicePreviewReply> {
  const s = await settingsOf(deps, tenant.id);
  if (body.add_to !== undefined) {
    const inv = await ownInvoice(deps, tenant, body.add_to);
    const c = composedOf(inv);
    const exclude = await repo.invoicedMembers(deps.db, tenant.id, inv.id);
    return reply(await plan(deps, tenant, c, { ...roundOf(inv), filter: body.filter ?? null, addrecips: body.addrecips }, s, exclude), c);
  }
  const c = compose(deps, body, s);
  return reply(await plan(deps, tenant, c, { media: body.msg_media, subject: body.subject, description: body.description, filter: body.filter ?? null, addrecips: body.addrecips, date_due: body.date_due, sms_notify: body.sms_notify, rf: s.rf }, s), c);
}

/** What a new round repeats of the invoice. */
function roundOf(inv: repo.InvoiceWithMessage) {
  return { media: inv.msg_media as InvoicePreviewBody['msg_media'], subject: inv.subject, description: inv.content, date_due: inv.date_due, sms_notify: inv.sms_notify === 1, rf: inv.rf_reference === 1 };
}

function messageFields(body: InvoiceSaveBody) {
  return {
    msg_media: body.msg_media,
    subject: body.subject,
    content: body.description,
    filter: JSON.stringify(body.filter ?? null),
    addrecips: JSON.stringify([...new Set(body.addrecips)]),
  };
}

/** Saves the draft (a new one, or the given one while it is still a draft); returns the invoice id. */
async function saveDraft(deps: Deps, tenant: Tenant, me: Member, body: InvoiceSaveBody, c: Composed, s: InvoiceSettings): Promise<number> {
  if (body.id !== undefined) await ownInvoice(deps, tenant, body.id);
  const fields = messageFields(body);
  return act(deps, tenant, me, 'invoice_saved', async (trx, line, at) => {
    const invoiceFields = {
      rows: JSON.stringify(c.rows),
      amount_c: c.amount_c,
      date_due: body.date_due,
      invoice_date: helsinkiToday(new Date(at)),
      vat_obliged: s.vat_obliged ? 1 : 0,
      sms_notify: body.sms_notify ? 1 : 0,
      rf_reference: s.rf ? 1 : 0,
      updated_at: at,
    };
    let id = body.id;
    if (id === undefined) {
      const messageId = await messages.insert(trx, tenant.id, { kind: KIND, ...fields, author_id: me.id, created_at: at, updated_at: at });
      id = await repo.insertInvoice(trx, tenant.id, { message_id: messageId, ...invoiceFields, author_id: me.id, created_at: at });
      await repo.linkMessage(trx, tenant.id, messageId, id);
    } else {
      const inv = (await repo.invoiceById(trx, tenant.id, id))!;
      if (!(await messages.updateIf(trx, tenant.id, inv.message_id, 'draft', { ...fields, updated_at: at }))) throw new Conflict('invoice_not_draft');
      await repo.updateInvoice(trx, tenant.id, id, invoiceFields);
    }
    line.context = 'invoices';
    line.data = [{ field: 'invoice', new: { id, subject: body.subject, msg_media: body.msg_media, amount_c: c.amount_c } }];
    return id;
  });
}

/** What must hold before an invoice is sent: an unblocked sender with a reply-to address, a bank account, and a business id for letters. */
async function checkSender(deps: Deps, tenant: Tenant, media: string, s: InvoiceSettings): Promise<void> {
  if ((await trustOf(deps.db, tenant.id)) === 'BLOCKED') throw ValidationError.general('messaging_blocked');
  if (s.reply_to === '') throw ValidationError.general('email_missing_');
  if (media === 'letter' && s.business_id === '') throw ValidationError.general('vat_id_missing_');
  if (s.iban === '' || validateIban(s.iban) !== null) throw ValidationError.general('invoice_bank_account_missing');
}

/** Refuses a fraudulent message (blocking the association) and one that cannot go out as it is. */
async function checkPlan(deps: Deps, tenant: Tenant, me: Member, subject: string, p: RoundPlan): Promise<void> {
  if (p.prepared.fraudulent) {
    // The refusal must outlive this request: the block is its own transaction.
    await blockForFraud(deps, tenant.id, me, subject, p.prepared.findings);
    throw ValidationError.general('fraudulent_content');
  }
  const errors: Errors = {};
  const letter = p.prepared.letter;
  if (letter) {
    for (const key of letter.problems) (errors.description ??= []).push(key);
    if (letter.unsupported_chars.length > 0) (errors.description ??= []).push('letter_unsupported_chars');
  }
  if (p.recipients.length === 0) errors.general = ['message_no_recipients'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, { chars: letter?.unsupported_chars.join(' ') ?? '' });
}

/**
 * Sends one round in one transaction: the payment item, the round's message as priced, the
 * instances, and the deliveries queued (free) or held until paid.
 */
async function sendRound(
  deps: Deps,
  tenant: Tenant,
  me: Member,
  r: { invoiceId: number; /** null: a new round's message, made here */ messageId: number | null; subject: string; media: InvoicePreviewBody['msg_media']; plan: RoundPlan; amount_c: number; date_due: string; rf: boolean; record: ReturnType<typeof messageFields>; first: boolean },
): Promise<SaveReply> {
  const { plan: p } = r;
  const mid = crypto.randomUUID();
  return act(deps, tenant, me, 'invoice_sent', async (trx, line, at) => {
    const free = p.price.total_cents === 0;
    let messageId = r.messageId;
    if (!r.first) {
      // Touching the invoice row locks it until commit: a parallel round waits here, then sees
      // this one's instances, so nobody is invoiced twice.
      await repo.updateInvoice(trx, tenant.id, r.invoiceId, { updated_at: at });
      const invoiced = await repo.invoicedMembers(trx, tenant.id, r.invoiceId);
      if (p.recipients.some((m) => invoiced.has(m.id))) throw new Conflict('invoice_recipients_changed');
    }
    if (messageId === null) {
      messageId = await messages.insert(trx, tenant.id, { kind: KIND, msg_media: r.media, author_id: me.id, created_at: at, updated_at: at });
      await repo.linkMessage(trx, tenant.id, messageId, r.invoiceId);
    }
    await mooney.insertForMessage(trx, { id: mid, tenantId: tenant.id, context: KIND, messageId, price: p.price, goto: `/invoices/${r.invoiceId}`, authorId: me.id, at });
    if (!(await messages.updateIf(trx, tenant.id, messageId, 'draft', { ...r.record, price: JSON.stringify(p.price), payment_id: mid, updated_at: at }))) throw new Conflict('invoice_not_draft');
    // The invoice carries the day it was sent, and the reference kind in force then.
    if (r.first) await repo.updateInvoice(trx, tenant.id, r.invoiceId, { invoice_date: helsinkiToday(new Date(at)), rf_reference: r.rf ? 1 : 0, updated_at: at });
    const { deliveries } = await createInstancesForRound(trx, tenant.id, {
      invoice: { id: r.invoiceId, amount_c: r.amount_c, date_due: r.date_due, rf_reference: r.rf },
      messageId,
      media: r.media,
      recipients: p.recipients,
      mobiles: p.mobiles,
      at,
    });
    line.context = 'invoices';
    line.data = [{ field: 'invoice', new: { id: r.invoiceId, subject: r.subject, msg_media: r.media, recipients: p.recipients.length, amount_c: r.amount_c, total_c: r.amount_c * p.recipients.length, price_cents: p.price.total_cents } }];
    const moved = free ? await dispatch(trx, tenant.id, messageId, 'draft', deliveries, at) : await hold(trx, tenant.id, messageId, deliveries, at);
    if (!moved) throw new Conflict('invoice_not_draft');
    // Recipients are the invoiced members; SMS notices ride along.
    await messages.updateIf(trx, tenant.id, messageId, free ? 'sent' : 'paying', { recipient_count: p.recipients.length });
    return free ? { id: r.invoiceId, queued: true } : { id: r.invoiceId, mooney_id: mid, queued: false };
  });
}

export async function save(deps: Deps, tenant: Tenant, me: Member, body: InvoiceSaveBody): Promise<SaveReply> {
  if (body.add_to !== undefined) return addRecipients(deps, tenant, me, body, body.add_to);
  const s = await settingsOf(deps, tenant.id);
  const c = compose(deps, body, s);
  const id = await saveDraft(deps, tenant, me, body, c, s);
  if (!body.send) return { id, queued: false };

  await checkSender(deps, tenant, body.msg_media, s);
  const inv = await ownInvoice(deps, tenant, id);
  const m = { media: body.msg_media, subject: body.subject, description: body.description, filter: body.filter ?? null, addrecips: body.addrecips, date_due: body.date_due, sms_notify: body.sms_notify, rf: s.rf };
  const p = await plan(deps, tenant, c, m, s);
  await checkPlan(deps, tenant, me, body.subject, p);
  return sendRound(deps, tenant, me, { invoiceId: id, messageId: inv.message_id, subject: body.subject, media: body.msg_media, plan: p, amount_c: c.amount_c, date_due: body.date_due, rf: s.rf, record: messageFields(body), first: true });
}

/** A new round of a sent invoice to members who have no instance of it yet: same rows, due date and media. */
async function addRecipients(deps: Deps, tenant: Tenant, me: Member, body: InvoiceSaveBody, invoiceId: number): Promise<SaveReply> {
  const inv = await ownInvoice(deps, tenant, invoiceId);
  const s = await settingsOf(deps, tenant.id);
  const blockers = addBlockers(inv, s);
  if (blockers.length > 0) throw ValidationError.general(blockers[blockers.length - 1]!);
  const c = composedOf(inv);
  const round = roundOf(inv);
  if (!body.send) throw ValidationError.general('invoice_add_recipients_send_only');
  await checkSender(deps, tenant, round.media, s);
  if (c.needs_confirmation && !body.confirmed) throw ValidationError.general('invoice_needs_confirmation');
  const exclude = await repo.invoicedMembers(deps.db, tenant.id, inv.id);
  const p = await plan(deps, tenant, c, { ...round, filter: body.filter ?? null, addrecips: body.addrecips }, s, exclude);
  await checkPlan(deps, tenant, me, round.subject, p);
  const record = { msg_media: round.media, subject: round.subject, content: round.description, filter: JSON.stringify(body.filter ?? null), addrecips: JSON.stringify([...new Set(body.addrecips)]) };
  return sendRound(deps, tenant, me, { invoiceId: inv.id, messageId: null, subject: round.subject, media: round.media, plan: p, amount_c: c.amount_c, date_due: inv.date_due, rf: round.rf, record, first: false });
}
