import type { Kysely } from 'kysely';
import { boolCol, tenantRef, withId } from './helpers';

// Invoices. An invoice is the composition (subject, description, rows, due date, media);
// each send round of it (the first send, later "add recipients") is a `messages` row of kind
// 'invoice', and every recipient gets an instance with its own running number, reference and
// amount. What happens to an instance afterwards is a list of immutable actions; the cached
// sums on the instance are recomputed from them in the same transaction as each action.
// Credit invoices are instances too (kind 'credit'), numbered from the same counter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** The first message (draft or sent); later rounds have their own messages with invoice_id. */
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id'))
    /** JSON: [{title, amount_c, vat_percent}] — amounts with VAT, in cents. */
    .addColumn('rows', 'text', (c) => c.notNull().defaultTo('[]'))
    /** Gross total of one instance, cents. */
    .addColumn('amount_c', 'integer', (c) => c.notNull().defaultTo(0))
    /** YYYY-MM-DD */
    .addColumn('date_due', 'text', (c) => c.notNull())
    /** YYYY-MM-DD: the VAT rates and the printed invoice date come from it. */
    .addColumn('invoice_date', 'text', (c) => c.notNull())
    /** The association's VAT obligation when the invoice was made (adding recipients needs the same). */
    .addColumn('vat_obliged', 'integer', boolCol(0))
    /** Also an SMS notice to recipients with a Finnish mobile number. */
    .addColumn('sms_notify', 'integer', boolCol(0))
    /** RF (international) references instead of Finnish ones. */
    .addColumn('rf_reference', 'integer', boolCol(0))
    .addColumn('is_legacy', 'integer', boolCol(0))
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_tenant').on('invoices').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('invoices_message').on('invoices').columns(['tenant_id', 'message_id']).execute();

  // Send rounds and reminders point back at their invoice.
  await db.schema.alterTable('messages').addColumn('invoice_id', 'integer').execute();
  await db.schema.createIndex('messages_invoice').on('messages').columns(['tenant_id', 'invoice_id']).execute();

  await withId(db, db.schema.createTable('invoice_instances'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    /** The send round that carries it; null for a credit invoice. */
    .addColumn('message_id', 'integer')
    /** Null once the member is permanently deleted: invoices are kept for the books. */
    .addColumn('member_id', 'integer')
    /** invoice | credit */
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('invoice'))
    /** For a credit invoice: the instance it credits. */
    .addColumn('credit_of', 'integer')
    .addColumn('invoice_number', 'integer', (c) => c.notNull())
    /** Compact: digits, or RF + check + digits. */
    .addColumn('reference', 'text', (c) => c.notNull())
    /** The recipient as invoiced: name and postal address lines (snapshot). */
    .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_email', 'text', (c) => c.notNull().defaultTo(''))
    /** Gross amount, cents; negative for a credit invoice. */
    .addColumn('amount_c', 'integer', (c) => c.notNull())
    /** JSON rows of a credit invoice ([{title, amount_c, vat_percent}]); null: the invoice's rows. */
    .addColumn('rows', 'text')
    .addColumn('date_due', 'text', (c) => c.notNull())
    /** Cached from the actions (shared/invoices/status.ts summariseActions). */
    .addColumn('paid_c', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credited_c', 'integer', (c) => c.notNull().defaultTo(0))
    /** none | paid | cancelled */
    .addColumn('mark', 'text', (c) => c.notNull().defaultTo('none'))
    /** The latest reminder's new due date, if any. */
    .addColumn('reminder_due', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoice_instances_number', ['tenant_id', 'invoice_number'])
    .execute();
  await db.schema.createIndex('invoice_instances_invoice').on('invoice_instances').columns(['tenant_id', 'invoice_id', 'id']).execute();
  await db.schema.createIndex('invoice_instances_message').on('invoice_instances').columns(['tenant_id', 'message_id', 'member_id']).execute();
  await db.schema.createIndex('invoice_instances_member').on('invoice_instances').columns(['tenant_id', 'member_id']).execute();
  await db.schema.createIndex('invoice_instances_reference').on('invoice_instances').columns(['tenant_id', 'reference']).execute();

  await withId(db, db.schema.createTable('invoice_actions'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('invoice_instances.id').onDelete('cascade'))
    /** shared/invoices/status.ts INVOICE_ACTION_TYPES */
    .addColumn('action_type', 'text', (c) => c.notNull())
    /** Cents: a payment (negative corrects), a credit; null for marks. */
    .addColumn('amount_c', 'integer')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: a credit's rows [{title, amount_c, vat_percent}]. */
    .addColumn('rows', 'text')
    /** The credit invoice a credit made. */
    .addColumn('credit_instance_id', 'integer')
    /** A reminder's message and its new due date. */
    .addColumn('message_id', 'integer')
    .addColumn('date_due', 'text')
    /** A bank payment: the day paid, the payer, the bank's archive id. */
    .addColumn('pay_date', 'text')
    .addColumn('payer_name', 'text')
    .addColumn('archive_id', 'text')
    /** Bulk marks share a batch id, so the whole bulk action can be undone. */
    .addColumn('batch_id', 'text')
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_actions_instance').on('invoice_actions').columns(['tenant_id', 'instance_id', 'id']).execute();
  await db.schema.createIndex('invoice_actions_batch').on('invoice_actions').columns(['tenant_id', 'batch_id']).execute();
  await db.schema.createIndex('invoice_actions_message').on('invoice_actions').columns(['tenant_id', 'message_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_actions').execute();
  await db.schema.dropTable('invoice_instances').execute();
  await db.schema.dropIndex('messages_invoice').execute();
  await db.schema.alterTable('messages').dropColumn('invoice_id').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
}
