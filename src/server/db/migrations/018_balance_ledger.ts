import type { Kysely } from 'kysely';
import { tenantRef, withId } from './helpers';

// The association's balance as a ledger: every change is a row (operator credit, purchase,
// message fee, referral credit, refund), never a counter updated in place; the balance is
// the sum of amount_cents. Amounts are signed integer cents (fees negative).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('balance_rows'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('at', 'text', (c) => c.notNull())
    /** credit | purchase | fee | refund | referral */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    /** The part of amount_cents that is free balance (referral credits). */
    .addColumn('free_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    /** The payment item the row belongs to, once payments exist. */
    .addColumn('payment_id', 'text')
    .addColumn('author_id', 'integer')
    .execute();
  await db.schema.createIndex('balance_rows_tenant_at').on('balance_rows').columns(['tenant_id', 'at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('balance_rows').execute();
}
