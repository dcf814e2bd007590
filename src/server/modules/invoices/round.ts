import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Tenant } from '../../db/schema';
import { normalizeFinnishMobile } from '../../../shared/finnish/phone';
import { createReference } from '../../../shared/finnish/reference';
import { createRfReference } from '../../../shared/finnish/rf-reference';
import { SMS_MAX_PARTS, smsInfo } from '../../../shared/finnish/sms';
import { smsNoticeText } from '../../../shared/invoices/sms-notice';
import { messagePrice, type MessagePrice } from '../../../shared/messages/prices';
import type { Filter } from '../../../shared/filter/types';
import type { InvoiceMedia } from '../../../shared/schemas/invoices';
import { addressOf } from '../messages/dispatch';
import { prepareMessage, tierOf, type PreparedMessage } from '../messages/preview';
import { pricesOf } from '../messages/price-list';
import type { Recipient } from '../messages/recipients-repo';
import type { NewDelivery } from '../outbox/queue-repo';
import { takeNumbers } from './numbers-repo';
import { insertInstances } from './repo';

// One send round of an invoice: who it reaches and at what price (preview and send compute
// the same plan, so the price shown is the price charged), and, at sending, the instances with
// their numbers and references and the deliveries that carry them.

/** The reference of an invoice number: Finnish (7-3-1), or RF built from it; compact. */
export function referenceOf(invoiceNumber: number, rf: boolean): string {
  const ref = createReference(String(invoiceNumber));
  return rf ? createRfReference(ref) : ref;
}

export interface RoundInput {
  media: InvoiceMedia;
  subject: string;
  description: string;
  filter: Filter | null;
  addrecips: readonly number[];
  /** Pages of one invoice (invoicePageCount): letters are priced by them. */
  pages: number;
  sms_notify: boolean;
  /** Members not to invoice again (adding recipients to a sent invoice). */
  exclude: ReadonlySet<number>;
  amount_c: number;
  date_due: string;
  iban: string;
  /** The next invoice number: the sample SMS notice carries its reference. */
  sample_number: number;
  rf: boolean;
}

export interface RoundPlan {
  prepared: PreparedMessage;
  /** Who gets an instance, in member-id order. */
  recipients: Recipient[];
  /** Of them, who also gets the SMS notice, with the number in E.164. */
  mobiles: Map<number, string>;
  sms?: { text: string; parts: number; recipient_count: number };
  price: MessagePrice;
}

export async function planRound(deps: Pick<Deps, 'dialect' | 'config'>, db: Db, tenant: Tenant, r: RoundInput): Promise<RoundPlan> {
  const prepared = await prepareMessage(deps, db, tenant, {
    context: 'invoice',
    media: r.media,
    subject: r.subject,
    content: r.description,
    filter: r.filter,
    addrecips: r.addrecips,
  });
  const reachable = new Set(prepared.reach.reachable);
  const recipients = prepared.recipients.filter((m) => reachable.has(m.id) && !r.exclude.has(m.id));
  const n = recipients.length;
  const prices = pricesOf(deps.config);
  const tier = tierOf(tenant);
  // Letters: every page of the invoice is printed (not the announcement's one sheet).
  const main = messagePrice({ context: 'invoice', media: r.media, counts: { messages: n, pages: n * r.pages }, tier, prices });
  const mobiles = new Map<number, string>();
  const plan: RoundPlan = { prepared, recipients, mobiles, price: main };
  if (!r.sms_notify) return plan;
  for (const m of recipients) {
    const phone = m.phone === null ? null : normalizeFinnishMobile(m.phone);
    if (phone !== null) mobiles.set(m.id, phone);
  }
  const text = smsNoticeText({
    association: tenant.name,
    subject: r.subject,
    amount_c: r.amount_c,
    date_due: r.date_due,
    reference: referenceOf(r.sample_number, r.rf),
    iban: r.iban,
  });
  const parts = smsInfo(text, SMS_MAX_PARTS).parts;
  plan.sms = { text, parts, recipient_count: mobiles.size };
  const sms = messagePrice({ context: 'invoice', media: 'sms', counts: { messages: mobiles.size, smsParts: mobiles.size * parts }, tier, prices });
  plan.price = { rows: [...main.rows, ...sms.rows], discount_cents: main.discount_cents + sms.discount_cents, total_cents: main.total_cents + sms.total_cents };
  return plan;
}

export interface RoundInvoice {
  id: number;
  amount_c: number;
  date_due: string;
  rf_reference: boolean;
}

/**
 * Creates the round's instances, numbered consecutively from the association's counter, and
 * returns the deliveries to queue: the invoice by its medium to each, and the SMS notice to
 * those with a Finnish mobile. In the caller's transaction; inserts go in chunks.
 */
export async function createInstancesForRound(
  trx: Db,
  tenantId: number,
  round: { invoice: RoundInvoice; messageId: number; media: InvoiceMedia; recipients: readonly Recipient[]; mobiles: ReadonlyMap<number, string>; at: string },
): Promise<{ deliveries: NewDelivery[]; firstNumber: number | null }> {
  const { invoice, recipients, at } = round;
  if (recipients.length === 0) return { deliveries: [], firstNumber: null };
  const first = await takeNumbers(trx, tenantId, recipients.length);
  await insertInstances(
    trx,
    recipients.map((m, i) => ({
      tenant_id: tenantId,
      invoice_id: invoice.id,
      message_id: round.messageId,
      member_id: m.id,
      kind: 'invoice' as const,
      invoice_number: first + i,
      reference: referenceOf(first + i, invoice.rf_reference),
      recipient_name: `${m.firstname} ${m.lastname}`.trim(),
      recipient_address: [(m.address_street ?? '').trim(), `${(m.address_zip ?? '').trim()} ${(m.address_city ?? '').trim()}`.trim()].filter((l) => l !== '').join('\n'),
      recipient_email: (m.email ?? '').trim().toLowerCase(),
      amount_c: invoice.amount_c,
      date_due: invoice.date_due,
      created_at: at,
      updated_at: at,
    })),
  );
  const deliveries: NewDelivery[] = recipients.map((m) => ({ memberId: m.id, medium: round.media, address: addressOf(m, round.media) }));
  for (const m of recipients) {
    const phone = round.mobiles.get(m.id);
    if (phone !== undefined) deliveries.push({ memberId: m.id, medium: 'sms', address: phone });
  }
  return { deliveries, firstNumber: first };
}
