import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { MessageKind } from '../../db/schema';
import type { MessageMedia } from '../../../shared/messages/media';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { finnishBic, normalizeIban } from '../../../shared/finnish/iban';
import { formatAnyReference, smsNoticeText } from '../../../shared/invoices/sms-notice';
import type { OutgoingDelivery, Personalisers } from '../outbox/providers';
import { escapeHtml } from '../msgview/page';
import { barcodeOf, payableCents, renderInvoicePdf, type InvoicePdfInput } from './pdf/invoice-pdf';
import { createPdfLoader } from './pdf/load';

// Every delivery of an invoice or a reminder is its recipient's own: their number, amount,
// reference and PDF. The outbox worker calls these per delivery (a throw bounces it with the
// reason); the web view of an email uses the same text without the PDF.

type InvoiceKind = Extract<MessageKind, 'invoice' | 'reminder'>;

/** The instance a delivery carries: a round's by message and member, a reminder's by its action. */
export async function instanceIdFor(db: Db, tenantId: number, kind: InvoiceKind, messageId: number, memberId: number): Promise<number | null> {
  if (kind === 'invoice') {
    const row = await db
      .selectFrom('invoice_instances')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('message_id', '=', messageId)
      .where('member_id', '=', memberId)
      .where('kind', '=', 'invoice')
      .executeTakeFirst();
    return row?.id ?? null;
  }
  const row = await db
    .selectFrom('invoice_actions as a')
    .innerJoin('invoice_instances as i', (j) => j.onRef('i.id', '=', 'a.instance_id').onRef('i.tenant_id', '=', 'a.tenant_id'))
    .select('i.id')
    .where('a.tenant_id', '=', tenantId)
    .where('a.action_type', '=', 'reminder')
    .where('a.message_id', '=', messageId)
    .where('i.member_id', '=', memberId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The input of one delivery's PDF, or null when it names no instance of the association. */
export async function deliveryInput(db: Db, tenantId: number, kind: InvoiceKind, messageId: number, memberId: number | null): Promise<InvoicePdfInput | null> {
  if (memberId === null) return null;
  const id = await instanceIdFor(db, tenantId, kind, messageId, memberId);
  if (id === null) return null;
  return createPdfLoader(db, tenantId).input(id, kind === 'reminder' ? { reminderMessageId: messageId } : {});
}

/** The payment details box under the description (editor tags only: the email renderer keeps nothing else). */
export function paymentBoxHtml(i: InvoicePdfInput): string {
  const bic = finnishBic(i.seller.iban);
  const what = i.kind === 'reminder' ? `Maksumuistutus, lasku ${String(i.invoiceNumber)}` : `Lasku ${String(i.invoiceNumber)}`;
  const line = (label: string, value: string): string => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`;
  return [
    '<blockquote>',
    `<h3>${escapeHtml(what)}</h3>`,
    '<p>',
    [
      line(i.kind === 'reminder' ? 'Avoinna' : 'Summa', formatAmount(payableCents(i))),
      line('Eräpäivä', formatFinnishDate(i.dueDate)),
      line('Viitenumero', formatAnyReference(i.reference)),
      line('Saaja', i.seller.name),
      line('IBAN', normalizeIban(i.seller.iban)),
      ...(bic ? [line('BIC', bic)] : []),
    ].join('<br>'),
    '</p>',
    `<p>Virtuaaliviivakoodi (kopioi verkkopankin maksulomakkeelle):<br><code>${barcodeOf(i)}</code></p>`,
    i.kind === 'reminder' && i.reminder ? `<p>Alkuperäinen eräpäivä oli ${escapeHtml(formatFinnishDate(i.reminder.originalDueDate))}. Jos olet jo maksanut, tämä muistutus on aiheeton.</p>` : '',
    '</blockquote>',
  ].join('');
}

/** The email's HTML: the message's own text (description or reminder text), then the payment box. */
export function invoiceEmailHtml(i: InvoicePdfInput, content: string): string {
  return `${content}${paymentBoxHtml(i)}<p>${i.kind === 'reminder' ? 'Maksumuistutus' : 'Lasku'} on liitteenä PDF-tiedostona (lasku-${String(i.invoiceNumber)}.pdf).</p>`;
}

export function invoiceSubject(i: InvoicePdfInput, subject: string): string {
  const prefix = i.kind === 'reminder' && !/maksumuistutus/i.test(subject) ? 'Maksumuistutus: ' : '';
  return `${prefix}${subject} (lasku ${String(i.invoiceNumber)})`;
}

export function invoiceSmsText(i: InvoicePdfInput, association: string): string {
  return smsNoticeText({ association, subject: i.subject, amount_c: payableCents(i), date_due: i.dueDate, reference: i.reference, iban: i.seller.iban, reminder: i.kind === 'reminder' });
}

/** What the web view of a delivery shows instead of the shared message: null when not an invoice's. */
export async function personalView(
  db: Db,
  tenantId: number,
  d: { kind: MessageKind; message_id: number; member_id: number | null; medium: MessageMedia; subject: string; content: string; association: string },
): Promise<{ subject: string; content: string } | null> {
  if (d.kind !== 'invoice' && d.kind !== 'reminder') return null;
  const input = await deliveryInput(db, tenantId, d.kind, d.message_id, d.member_id);
  if (!input) return null;
  if (d.medium === 'sms') return { subject: d.subject, content: invoiceSmsText(input, d.association) };
  return { subject: invoiceSubject(input, d.subject), content: invoiceEmailHtml(input, d.content) };
}

async function personalise(db: Db, kind: InvoiceKind, d: OutgoingDelivery): Promise<OutgoingDelivery> {
  const input = await deliveryInput(db, d.tenantId, kind, d.messageId, d.memberId);
  // Bounced with this reason: an invoice without its instance cannot be sent to anyone.
  if (!input) throw new Error('invoice_instance_missing');
  if (d.medium === 'sms') return { ...d, content: invoiceSmsText(input, d.senderName) };
  const { pdf, pages } = await renderInvoicePdf(input);
  const document = { filename: `lasku-${String(input.invoiceNumber)}.pdf`, pdf, pages };
  if (d.medium === 'email') return { ...d, subject: invoiceSubject(input, d.subject), content: invoiceEmailHtml(input, d.content), document };
  return { ...d, subject: invoiceSubject(input, d.subject), document };
}

/** The outbox's personalisers of invoices and reminders. */
export function invoicePersonalisers(deps: Pick<Deps, 'db'>): Personalisers {
  return {
    invoice: (d) => personalise(deps.db, 'invoice', d),
    reminder: (d) => personalise(deps.db, 'reminder', d),
  };
}
