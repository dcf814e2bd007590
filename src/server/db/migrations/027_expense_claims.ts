import type { Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { tenantRef, withId } from './helpers';

// Expense claims. A claim is one claimant's request to be paid to one bank account: a set of
// items (a receipt, kilometres driven, a per diem) whose amounts the server computes (km ×
// the year's rate, per diems from the trip's length). Claims are accounting records: the
// claimant's id, name and account are copied onto the claim and it has no foreign key to
// members, so erasing a member pseudonymises the claim instead of deleting it while the
// retention period runs. Comments and every status change are events of the claim.
// Receipt files (images re-encoded, PDFs checked) are kept as blobs, first unattached (just
// uploaded) and then bound to the claim that uses them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db, db.schema.createTable('expense_claims'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** The claimant (a member id; kept as a number, not a foreign key). */
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('person_name', 'text', (c) => c.notNull())
    /** Compact IBAN the claim is paid to. */
    .addColumn('person_account_number', 'text', (c) => c.notNull())
    /** 'pending' | 'accepted' | 'rejected' | 'paid' */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    /** What the claim is for, in the claimant's words. */
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** Sum of the items, cents. */
    .addColumn('amount_c', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** First and last date of the items, YYYY-MM-DD. */
    .addColumn('date_min', 'text')
    .addColumn('date_max', 'text')
    /** Who saved it (the claimant, or a guardian for a child). */
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('date_accepted', 'text')
    .addColumn('date_rejected', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('date_paid', 'text')
    /** The payment batch (mark_paid) as its timestamp, YYYYMMDDHHMMSS: the printout's key. */
    .addColumn('paid_batch', 'text')
    .execute();
  await db.schema.createIndex('expense_claims_claimant').on('expense_claims').columns(['tenant_id', 'person_id', 'person_account_number', 'status']).execute();
  await db.schema.createIndex('expense_claims_status').on('expense_claims').columns(['tenant_id', 'status', 'id']).execute();
  await db.schema.createIndex('expense_claims_created').on('expense_claims').columns(['tenant_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('expense_claim_items'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('expense_claims.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** 'receipt' | 'km' | 'per_diem' */
    .addColumn('type', 'text', (c) => c.notNull())
    /** The expense's day (receipt, km) or the departure day (per diem), YYYY-MM-DD. */
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_c', 'integer', (c) => c.notNull())
    /** receipt: the file. */
    .addColumn('receipt_id', 'integer')
    /** km: route; per diem: where the trip went. */
    .addColumn('location', 'text')
    .addColumn('vehicle', 'text')
    /** km: kilometres as a decimal text with a point ("12.5"), and the unit price in cents. */
    .addColumn('km', 'text')
    .addColumn('km_price_c', 'integer')
    /** The year whose tax decision priced the item (km, per diem). */
    .addColumn('rate_year', 'integer')
    /** per diem: departure and return, local 'YYYY-MM-DDTHH:MM', and what they earned. */
    .addColumn('started_at', 'text')
    .addColumn('returned_at', 'text')
    .addColumn('per_diem_full', 'integer')
    .addColumn('per_diem_partial', 'integer')
    .execute();
  await db.schema.createIndex('expense_claim_items_claim').on('expense_claim_items').columns(['tenant_id', 'claim_id', 'position']).execute();

  await withId(db, db.schema.createTable('expense_claim_files'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** The member who uploaded it. */
    .addColumn('member_id', 'integer', (c) => c.notNull())
    /** Set once a saved claim uses it; unattached files are cleaned up after a day. */
    .addColumn('claim_id', 'integer')
    .addColumn('filename', 'text', (c) => c.notNull().defaultTo(''))
    /** image/jpeg | image/png | application/pdf */
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('data', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('pages', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expense_claim_files_claim').on('expense_claim_files').columns(['tenant_id', 'claim_id']).execute();
  await db.schema.createIndex('expense_claim_files_member').on('expense_claim_files').columns(['tenant_id', 'member_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('expense_claim_events'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('expense_claims.id').onDelete('cascade'))
    /** 'created' | 'updated' | 'status' | 'comment' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('comment', 'text')
    .addColumn('author_id', 'integer')
    /** The author's name as it was (the author may be erased later). */
    .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expense_claim_events_claim').on('expense_claim_events').columns(['tenant_id', 'claim_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['expense_claim_events', 'expense_claim_files', 'expense_claim_items', 'expense_claims']) await db.schema.dropTable(t).execute();
}
