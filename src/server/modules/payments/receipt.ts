import type { Db } from '../../db/kysely';
import type { Tenant } from '../../db/schema';
import { issueReceipt } from '../receipts/issue';
import type { PaymentItemRow } from './mooney-repo';

// The receipt of a paid payment item, issued in the paying transaction. Its rows add up to
// what was paid: the item's price rows, its discount, and online the top-up to pt_minimum.

const TITLES: Record<string, string> = {
  balance: 'Saldo',
  email: 'Sähköpostiviesti',
  sms_part: 'Tekstiviestin osa',
  letter_first_page: 'Kirjeen ensimmäinen sivu',
  letter_extra_page: 'Kirjeen lisäsivu',
  pdf: 'PDF-tiedosto',
};

type Row = { title: string; count: number; unit_cents: number; total_cents: number };

export function receiptRows(item: Pick<PaymentItemRow, 'price_rows' | 'discount_cents' | 'amount'>, paidCents: number): Row[] {
  let parsed: { type: string; count: number; unit_cents: number; total_cents?: number }[] = [];
  try {
    const v: unknown = JSON.parse(item.price_rows);
    if (Array.isArray(v)) parsed = v as typeof parsed;
  } catch {
    /* no rows: one row of the whole amount below */
  }
  const rows: Row[] = parsed.map((r) => ({ title: TITLES[r.type] ?? r.type, count: r.count, unit_cents: r.unit_cents, total_cents: r.total_cents ?? r.count * r.unit_cents }));
  if (item.discount_cents > 0) rows.push({ title: 'Alennus', count: 1, unit_cents: -item.discount_cents, total_cents: -item.discount_cents });
  const sum = rows.reduce((s, r) => s + r.total_cents, 0);
  // What the rows do not explain: free balance used, or online the provider's minimum charge.
  if (sum !== paidCents) {
    const diff = paidCents - sum;
    rows.push({ title: diff > 0 ? 'Verkkomaksun vähimmäisveloitus' : 'Hyvitys', count: 1, unit_cents: diff, total_cents: diff });
  }
  return rows;
}

export function receiptFor(trx: Db, tenant: Tenant, item: PaymentItemRow, method: 'balance' | 'online', paidCents: number, at: string) {
  return issueReceipt(trx, tenant, {
    paymentId: item.id,
    kind: item.context === 'balance' ? 'balance_purchase' : 'message',
    method,
    amountCents: paidCents,
    rows: receiptRows(item, paidCents),
    at,
  });
}
