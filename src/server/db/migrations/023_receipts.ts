import type { Kysely } from 'kysely';
import { tenantRef, withId } from './helpers';

// Receipts of paid payment items. A receipt is a fixed document: the buyer's and seller's
// details, rows and VAT are stored as issued (JSON), never recomputed. Numbers run per
// association without gaps: receipt_counters holds the last number, raised inside the paying
// transaction, so a rolled-back payment gives its number back and parallel payments wait on
// the counter row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('receipt_counters')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('receipts'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    /** balance_purchase | message */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** balance | online */
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    /** JSON: receiptRow[] */
    .addColumn('rows', 'text', (c) => c.notNull())
    /** JSON: receiptVat[] */
    .addColumn('vat', 'text', (c) => c.notNull())
    /** JSON: receiptParty */
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('seller', 'text', (c) => c.notNull())
    .addUniqueConstraint('receipts_tenant_number', ['tenant_id', 'number'])
    .execute();
  await db.schema.createIndex('receipts_tenant_at').on('receipts').columns(['tenant_id', 'at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipts').execute();
  await db.schema.dropTable('receipt_counters').execute();
}
