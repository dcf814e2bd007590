import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { receiptSchema, RECEIPTS_PAGE_SIZE, type Receipt } from '../../../shared/schemas/payments';
import { helsinkiDayStart } from '../log/helsinki';
import * as repo from './repo';

// Reading receipts: one by id (other associations' ids are not found), the log's page,
// and a year's receipts for the transaction report.

/** The stored receipt in the contract's shape; the JSON columns were written by issueReceipt. */
export function present(row: repo.ReceiptRow): Receipt {
  return receiptSchema.parse({
    id: row.id,
    number: row.number,
    at: row.at,
    kind: row.kind,
    method: row.method,
    payment_id: row.payment_id,
    amount_cents: row.amount_cents,
    rows: JSON.parse(row.rows),
    vat: JSON.parse(row.vat),
    buyer: JSON.parse(row.buyer),
    seller: JSON.parse(row.seller),
  });
}

export async function getReceipt(deps: Pick<Deps, 'db'>, tenant: Tenant, id: number): Promise<Receipt> {
  const row = await repo.findById(deps.db, tenant.id, id);
  if (!row) throw new NotFound();
  return present(row);
}

/** The log's receipt list, newest first, RECEIPTS_PAGE_SIZE a page. */
export async function receiptPage(deps: Pick<Deps, 'db'>, tenant: Tenant, page: number): Promise<{ results: Receipt[]; count: number }> {
  const [rows, count] = await Promise.all([repo.page(deps.db, tenant.id, RECEIPTS_PAGE_SIZE, page * RECEIPTS_PAGE_SIZE), repo.count(deps.db, tenant.id)]);
  return { results: rows.map(present), count };
}

/** Receipts of a Helsinki calendar year, by number. */
export async function receiptsOfYear(deps: Pick<Deps, 'db'>, tenant: Tenant, year: number): Promise<Receipt[]> {
  const rows = await repo.between(deps.db, tenant.id, helsinkiDayStart(`${year}-01-01`), helsinkiDayStart(`${year + 1}-01-01`));
  return rows.map(present);
}
