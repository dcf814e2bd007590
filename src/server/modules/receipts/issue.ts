import type { Db } from '../../db/kysely';
import type { Tenant } from '../../db/schema';
import type { Receipt } from '../../../shared/schemas/payments';
import { vatBreakdown, vatRatesOn } from '../../../shared/finnish/vat';
import * as settings from '../settings/repo';
import { helsinkiDate } from './dates';
import { sellerFrom } from './seller';
import * as repo from './repo';

// Issuing a receipt, inside the paying transaction (payments call this when an item is paid
// or balance is bought). The number comes from the association's counter in the same
// transaction, so receipts are numbered without gaps also when payments run in parallel.

export interface IssueReceiptInput {
  paymentId: string;
  kind: 'balance_purchase' | 'message';
  method: 'balance' | 'online';
  amountCents: number;
  rows: { title: string; count: number; unit_cents: number; total_cents: number }[];
  /** The payment's moment, ISO UTC. */
  at: string;
}

/** The service is sold at the general rate: the highest rate in force on the payment's (Helsinki) day. */
export function generalVatRate(at: string): number {
  return Math.max(...vatRatesOn(helsinkiDate(at)));
}

export async function issueReceipt(trx: Db, tenant: Tenant, input: IssueReceiptInput): Promise<{ id: number; number: number }> {
  const vatPercent = generalVatRate(input.at);
  const rows: Receipt['rows'] = input.rows.map((r) => ({ ...r, vat_percent: vatPercent }));
  const vat: Receipt['vat'] = vatBreakdown(rows.map((r) => ({ amountWithVatCents: r.total_cents, vatPercent: r.vat_percent }))).map((v) => ({
    vat_percent: v.vatPercent,
    net_cents: v.netCents,
    vat_cents: v.vatCents,
    gross_cents: v.grossCents,
  }));
  const s = await settings.getAll(trx, tenant.id);
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const buyer: Receipt['buyer'] = { name: tenant.name, business_id: text(s.business_id), address: '', email: text(s.reply_to_email) };
  const number = await repo.nextNumber(trx, tenant.id);
  const id = await repo.insert(trx, tenant.id, {
    number,
    at: input.at,
    kind: input.kind,
    method: input.method,
    payment_id: input.paymentId,
    amount_cents: input.amountCents,
    rows: JSON.stringify(rows),
    vat: JSON.stringify(vat),
    buyer: JSON.stringify(buyer),
    seller: JSON.stringify(sellerFrom()),
  });
  return { id, number };
}
