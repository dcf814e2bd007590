import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { formatAmount } from '../../../shared/finnish/amount';
import type { Receipt } from '../../../shared/schemas/payments';
import { systemFrom } from '../mail/from';
import * as settings from '../settings/repo';
import { kindLabel, METHOD_LABELS, receiptDate, vatLabel } from './labels';
import { receiptPdf } from './pdf';
import { getReceipt } from './service';

// A receipt by email to the association's reply-to address (its own contact address), as
// text with the PDF attached, through the system mailer.

export function receiptText(r: Receipt): string {
  return [
    `Kuitti ${r.number}`,
    '',
    `Päivämäärä: ${receiptDate(r)}`,
    `Maksutapa: ${METHOD_LABELS[r.method]}`,
    `Myyjä: ${r.seller.name}${r.seller.business_id ? ` (Y-tunnus ${r.seller.business_id})` : ''}`,
    `Ostaja: ${r.buyer.name}${r.buyer.business_id ? ` (Y-tunnus ${r.buyer.business_id})` : ''}`,
    '',
    kindLabel(r.kind),
    ...r.rows.map((x) => `  ${x.title}: ${x.count} × ${formatAmount(x.unit_cents)} = ${formatAmount(x.total_cents)} (ALV ${vatLabel(x.vat_percent)})`),
    '',
    `Yhteensä: ${formatAmount(r.amount_cents)}`,
    ...r.vat.map((v) => `  ALV ${vatLabel(v.vat_percent)}: veroton ${formatAmount(v.net_cents)}, vero ${formatAmount(v.vat_cents)}`),
    '',
    'Kuitti on liitteenä PDF-tiedostona.',
  ].join('\n');
}

export async function sendReceiptEmail(deps: Deps, tenant: Tenant, receiptId: number): Promise<{ sent_to: string }> {
  const receipt = await getReceipt(deps, tenant, receiptId);
  const s = await settings.getAll(deps.db, tenant.id);
  const to = typeof s.reply_to_email === 'string' ? s.reply_to_email.trim() : '';
  if (to === '') throw ValidationError.general('receipt_email_no_reply_to');
  await deps.mailer.send({
    from: systemFrom(deps.config, tenant),
    to,
    subject: `Kuitti ${receipt.number} – ${receipt.seller.name}`,
    text: receiptText(receipt),
    attachments: [{ filename: `kuitti-${receipt.number}.pdf`, content: await receiptPdf(receipt), contentType: 'application/pdf' }],
  });
  return { sent_to: to };
}
