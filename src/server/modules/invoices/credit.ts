import type { Db } from '../../db/kysely';
import { ValidationError } from '../../lib/errors';
import { creditedRows, validateCredit, type CreditRow } from '../../../shared/invoices/credit';
import { openAmount } from '../../../shared/invoices/status';
import type { InvoiceRow } from '../../../shared/schemas/invoices';
import { insertInstance, type InvoiceRowDb } from './actions-repo';
import { actionsOf, insertAction, type InstanceRow } from './instances-repo';
import { takeNumbers } from './numbers-repo';
import { referenceOf } from './round';

// A credit: validated by the shared credit rules, it makes a credit invoice (its own number
// from the association's one series, its own reference, negative amount and rows) and a
// `credit` action on the original carrying the positive total, the rows and the link.

export function parseRows(text: string | null): InvoiceRow[] {
  if (text === null) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as InvoiceRow[]) : [];
  } catch {
    return [];
  }
}

/** The rows an instance bills: its own (a credit invoice's) or the invoice's. */
export const rowsOf = (inst: InstanceRow, invoice: InvoiceRowDb): InvoiceRow[] => (inst.rows !== null ? parseRows(inst.rows) : parseRows(invoice.rows));

export interface CreditMade {
  actionId: number;
  creditInstanceId: number;
  creditNumber: number;
  total_c: number;
  rows: CreditRow[];
}

export async function makeCredit(
  trx: Db,
  tenantId: number,
  authorId: number,
  inst: InstanceRow,
  invoice: InvoiceRowDb,
  typed: readonly string[],
  comment: string,
  at: string,
  today: string,
): Promise<CreditMade> {
  const rows = rowsOf(inst, invoice);
  const earlier = (await actionsOf(trx, tenantId, inst.id)).filter((a) => a.action_type === 'credit').map((a) => parseRows(a.rows));
  const result = validateCredit(
    { rows, amount_c: inst.amount_c, paid_c: inst.paid_c, credited_c: inst.credited_c, open: openAmount(inst), credited_rows: creditedRows(rows.length, earlier) },
    typed,
  );
  if (!result.ok) throw new ValidationError(result.errors);
  const number = await takeNumbers(trx, tenantId, 1);
  const creditInstanceId = await insertInstance(trx, {
    tenant_id: tenantId,
    invoice_id: inst.invoice_id,
    message_id: null,
    member_id: inst.member_id,
    kind: 'credit',
    credit_of: inst.id,
    invoice_number: number,
    reference: referenceOf(number, invoice.rf_reference === 1),
    recipient_name: inst.recipient_name,
    recipient_address: inst.recipient_address,
    recipient_email: inst.recipient_email,
    amount_c: -result.total_c,
    rows: JSON.stringify(result.rows.filter((r) => r.amount_c > 0).map((r) => ({ ...r, amount_c: -r.amount_c }))),
    date_due: today,
    created_at: at,
    updated_at: at,
  });
  const actionId = await insertAction(trx, {
    tenant_id: tenantId,
    instance_id: inst.id,
    action_type: 'credit',
    amount_c: result.total_c,
    comment,
    rows: JSON.stringify(result.rows),
    credit_instance_id: creditInstanceId,
    author_id: authorId,
    created_at: at,
  });
  return { actionId, creditInstanceId, creditNumber: number, total_c: result.total_c, rows: result.rows };
}
