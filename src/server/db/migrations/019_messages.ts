import type { Kysely } from 'kysely';
import { tenantRef, withId } from './helpers';

// The messaging engine: one `messages` row per composed message (announcements first;
// invoices, reminders, update requests and member cards later), one `deliveries` row per
// recipient × medium (the outbox), one `payment_items` row per paid action ("mooney"), and
// the last outcome per member and medium (`contact_states`) behind up-to-dateness.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('messages'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** announcement | invoice | reminder | updreq | membercard */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** email | sms | letter | pdf */
    .addColumn('msg_media', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    /** HTML for email and letters, plain text for SMS. */
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: the member filter (conditions) the recipients come from. */
    .addColumn('filter', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: hand-picked member ids added to the filter's result. */
    .addColumn('addrecips', 'text', (c) => c.notNull().defaultTo('[]'))
    /** draft | paying | sent | cancelled */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    /** JSON: the price as previewed and charged (rows, discount, total). */
    .addColumn('price', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('messages_tenant_kind').on('messages').columns(['tenant_id', 'kind', 'id']).execute();

  await withId(db, db.schema.createTable('deliveries'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    /** Null once the member is permanently deleted; the address stays for the record. */
    .addColumn('member_id', 'integer')
    .addColumn('medium', 'text', (c) => c.notNull())
    /** Email address, E.164 number, or the postal address as one line, as sent. */
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    /** held (waiting for payment) | queued | sending | sent | unknown | read | bounced | cancelled | confirmed */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    /** While `sending`: the moment after which the claim counts as lost (→ unknown). */
    .addColumn('lease_until', 'text')
    /** The provider's id for the message (SMTP Message-ID, SMS gateway id, letter file). */
    .addColumn('provider_ref', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_at', 'text', (c) => c.notNull())
    .execute();
  // The worker's claim: queued rows by due time, across associations.
  await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at', 'id']).execute();
  await db.schema.createIndex('deliveries_message').on('deliveries').columns(['tenant_id', 'message_id', 'status']).execute();
  await db.schema.createIndex('deliveries_member').on('deliveries').columns(['tenant_id', 'member_id', 'medium', 'status']).execute();

  await db.schema
    .createTable('payment_items')
    /** A random UUID: payment items travel in URLs and checkout references. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    /** announcement | invoice | reminder | updreq | membercard | balance */
    .addColumn('context', 'text', (c) => c.notNull())
    /** The message (or other row) the payment is for. */
    .addColumn('subject_id', 'integer')
    /** JSON: [{type, count, unit_cents, total_cents}] */
    .addColumn('price_rows', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('original_amount', 'integer', (c) => c.notNull())
    /** What is charged, after free balance and the online minimum. */
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** balance | online; null until chosen */
    .addColumn('method', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('goto', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_items_tenant').on('payment_items').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('contact_states')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** email | sms */
    .addColumn('medium', 'text', (c) => c.notNull())
    /** The address or number the outcome is about: a changed address starts from unused again. */
    .addColumn('address', 'text', (c) => c.notNull())
    /** sent | confirmed | bounced */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_states_pk', ['tenant_id', 'member_id', 'medium'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_states').execute();
  await db.schema.dropTable('payment_items').execute();
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('messages').execute();
}
