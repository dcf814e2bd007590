import { sql } from 'kysely';
import type { Db } from '../../db/kysely';

// Invoice numbers: one running series per association, shared by invoices and credit
// invoices, starting from 1000.

/** The first invoice number of an association. */
export const FIRST_INVOICE_NUMBER = 1000;

/**
 * Takes `count` consecutive numbers and returns the first. One statement raises the counter
 * (creating it), which row-locks it until the caller's transaction ends: a parallel send
 * waits, and a rolled-back one gives its numbers back, so the series has no gaps.
 */
export async function takeNumbers(trx: Db, tenantId: number, count: number): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const row = await trx
    .insertInto('invoice_counters')
    .values({ tenant_id: tenantId, last_number: FIRST_INVOICE_NUMBER - 1 + count })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ last_number: sql`invoice_counters.last_number + ${count}` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number - count + 1;
}
