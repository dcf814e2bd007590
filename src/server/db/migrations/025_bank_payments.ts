import type { Kysely } from 'kysely';
import { boolCol, tenantRef, withId } from './helpers';

// Bank payments. A statement file (camt.054, camt.053 or KTL), uploaded or dropped in
// BANK_DIR, is parsed into its booked credit payments and kept as a statement row; its dry
// run is computed from that, and applying it stores each payment once (the bank's archive id
// is unique per association) and books the matches as `sync_payment` actions sharing the
// statement's batch id. Undo removes what the statement booked and its payments, so the same
// file can be loaded again. The mandate lists the accounts whose payments may come in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bank_statements'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** 'camt054' | 'camt053' | 'ktl' */
    .addColumn('format', 'text', (c) => c.notNull())
    /** 'upload' | 'bank_dir' */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull().defaultTo(''))
    /** Hex SHA-256 of the file: the same file again is recognised at once. */
    .addColumn('sha256', 'text', (c) => c.notNull())
    /** The credited accounts in the file, compact IBANs separated by spaces. */
    .addColumn('accounts', 'text', (c) => c.notNull().defaultTo(''))
    /** Booked credit payments found in the file, and their sum. */
    .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_c', 'integer', (c) => c.notNull().defaultTo(0))
    /** Entries seen but not payments (debits, not booked, INFO). */
    .addColumn('ignored', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON: the parsed payments (ParsedPayment[]), read again when the dry run is applied. */
    .addColumn('payments', 'text', (c) => c.notNull().defaultTo('[]'))
    /** 'dry_run' | 'applied' | 'undone' */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('dry_run'))
    /** The batch id of the actions it booked (set when applied). */
    .addColumn('batch_id', 'text')
    /** Payments booked when applied (exact, combined and accepted suggestions). */
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text')
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('bank_statements_tenant').on('bank_statements').columns(['tenant_id', 'id']).execute();

  await withId(db, db.schema.createTable('bank_payments'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('bank_statements.id').onDelete('cascade'))
    /** The bank's archive id (AcctSvcrRef, KTL archive id): one payment, once. */
    .addColumn('archive_id', 'text', (c) => c.notNull())
    /** The credited account, compact IBAN (KTL: as in the file). */
    .addColumn('account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_c', 'integer', (c) => c.notNull())
    /** YYYY-MM-DD */
    .addColumn('booking_date', 'text', (c) => c.notNull())
    .addColumn('value_date', 'text')
    .addColumn('payer_name', 'text', (c) => c.notNull().defaultTo(''))
    /** The structured reference, compact (digits, or RF upper-case without spaces); null when none. */
    .addColumn('reference', 'text')
    /** The unstructured message. */
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    /** 'booked' | 'suggested' | 'unmatched' | 'assigned' | 'dismissed' */
    .addColumn('state', 'text', (c) => c.notNull())
    /** How a booked one matched: 'exact' | 'combined' | 'suggestion' (accepted) | 'assigned'. */
    .addColumn('match_kind', 'text')
    /** The suggestion the review page shows: one instance and why. */
    .addColumn('suggested_instance_id', 'integer')
    /** 'reference_typo' | 'message_mentions' | 'name_and_amount' */
    .addColumn('suggestion_reason', 'text')
    /** A dismissal's reason. */
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_payments_archive').unique().on('bank_payments').columns(['tenant_id', 'archive_id']).execute();
  await db.schema.createIndex('bank_payments_state').on('bank_payments').columns(['tenant_id', 'state', 'id']).execute();
  await db.schema.createIndex('bank_payments_statement').on('bank_payments').columns(['tenant_id', 'statement_id']).execute();

  await withId(db, db.schema.createTable('bank_mandates'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** Compact IBAN. */
    .addColumn('iban', 'text', (c) => c.notNull())
    /** YYYY-MM-DD: when the mandate was given. */
    .addColumn('given_on', 'text', (c) => c.notNull())
    /** The person who gave it (name as written). */
    .addColumn('given_by', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_mandates_tenant').on('bank_mandates').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('bank_mandates_iban').on('bank_mandates').columns(['iban']).execute();

  // The bank payment an action came from (sync_payment, or a manual payment assigned from one),
  // and whether that payment settled several instances at once (status combosettled).
  await db.schema.alterTable('invoice_actions').addColumn('bank_payment_id', 'integer').execute();
  await db.schema.alterTable('invoice_actions').addColumn('combined', 'integer', boolCol(0)).execute();
  await db.schema.createIndex('invoice_actions_bank_payment').on('invoice_actions').columns(['tenant_id', 'bank_payment_id']).execute();
  // Cached from the actions by recompute, like paid_c.
  await db.schema.alterTable('invoice_instances').addColumn('combosettled', 'integer', boolCol(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoice_instances').dropColumn('combosettled').execute();
  await db.schema.dropIndex('invoice_actions_bank_payment').execute();
  await db.schema.alterTable('invoice_actions').dropColumn('combined').execute();
  await db.schema.alterTable('invoice_actions').dropColumn('bank_payment_id').execute();
  await db.schema.dropTable('bank_mandates').execute();
  await db.schema.dropTable('bank_payments').execute();
  await db.schema.dropTable('bank_statements').execute();
}
