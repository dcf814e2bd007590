import type { Db } from '../../db/kysely';
import type { MooneyTransaction } from '../../../shared/schemas/messages';
import * as repo from './mooney-repo';

// The log's transaction list: paid payment items with their price rows and method.

export async function transactions(db: Db, tenantId: number, limit: number, offset: number): Promise<{ results: MooneyTransaction[]; count: number; years: number[] }> {
  const [rows, count, years] = await Promise.all([repo.paidPage(db, tenantId, limit, offset), repo.paidCount(db, tenantId), repo.paidYears(db, tenantId)]);
  return {
    results: rows.map((r) => ({
      id: r.id,
      at: r.paid_at!,
      context: r.context,
      subject_id: r.subject_id,
      price_rows: JSON.parse(r.price_rows) as MooneyTransaction['price_rows'],
      discount_cents: r.discount_cents,
      original_amount: r.original_amount,
      amount: r.amount,
      method: r.method,
    })),
    count,
    years,
  };
}
