import type { Kysely } from 'kysely';
import { tenantRef, withId } from './helpers';

// Online payments and referrals. Each charge of a payment item is an attempt with its own
// stamp (unique per merchant, as Paytrail wants); the signed redirect and callback name the
// stamp, which leads to the item. The item keeps what was charged online and the provider's
// transaction id. A referral is an email an association shared the service with; it is
// credited once, when the association whose admin has that email first buys something.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_items').addColumn('stamp', 'text').execute();
  await db.schema.alterTable('payment_items').addColumn('provider_ref', 'text').execute();
  await db.schema.alterTable('payment_items').addColumn('charged_amount', 'integer').execute();

  await db.schema
    .createTable('payment_attempts')
    .addColumn('stamp', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payment_items.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** paytrail | test */
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    /** new | ok | fail */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_attempts_item').on('payment_attempts').columns(['tenant_id', 'payment_id']).execute();

  await withId(db, db.schema.createTable('referrals'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** Lower-cased; each email can be referred once across the deployment. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** The referred association, once its first purchase credited both. */
    .addColumn('friend_tenant_id', 'integer', (c) => c.references('tenants.id').onDelete('set null'))
    .addColumn('credited_at', 'text')
    .execute();
  // Across associations on purpose: an email can be referred once in the whole deployment.
  await db.schema.createIndex('referrals_email').on('referrals').column('email').unique().execute();
  await db.schema.createIndex('referrals_tenant').on('referrals').columns(['tenant_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('referrals').execute();
  await db.schema.dropTable('payment_attempts').execute();
  await db.schema.alterTable('payment_items').dropColumn('charged_amount').execute();
  await db.schema.alterTable('payment_items').dropColumn('provider_ref').execute();
  await db.schema.alterTable('payment_items').dropColumn('stamp').execute();
}
