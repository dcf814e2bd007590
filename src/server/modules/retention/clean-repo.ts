import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/kysely';
import type { ErasedDelivery } from '../members/erase-repo';

// clean_accounting_data's SQL. Every set is a subquery over the period so that the dry run's
// counts and the real run's deletes are the same rows, and a large association never hits a
// bound-parameter limit.

export interface Period {
  tenantId: number;
  /** The period's last day, YYYY-MM-DD (31.12.period). */
  lastDay: string;
  /** The UTC instant the next year begins in Helsinki (timestamps before it are in the period). */
  endInstant: string;
}

const invoices = (db: Db, p: Period) => db.selectFrom('invoices').select('id').where('tenant_id', '=', p.tenantId).where('invoice_date', '<=', p.lastDay);
const instances = (db: Db, p: Period) => db.selectFrom('invoice_instances').select('id').where('tenant_id', '=', p.tenantId).where('invoice_id', 'in', invoices(db, p));
/** The invoices' send rounds and reminders (their deliveries go with them). */
const messages = (db: Db, p: Period) =>
  db
    .selectFrom('messages')
    .select('id')
    .where('tenant_id', '=', p.tenantId)
    .where((eb) => eb.or([eb('invoice_id', 'in', invoices(db, p)), eb('id', 'in', db.selectFrom('invoices').select('message_id').where('tenant_id', '=', p.tenantId).where('invoice_date', '<=', p.lastDay))]));
const bankPayments = (db: Db, p: Period) => db.selectFrom('bank_payments').select('id').where('tenant_id', '=', p.tenantId).where('booking_date', '<=', p.lastDay);
/** Handled claims: paid or rejected within the period. Pending and accepted ones wait. */
const claims = (db: Db, p: Period) =>
  db
    .selectFrom('expense_claims')
    .select('id')
    .where('tenant_id', '=', p.tenantId)
    .where('status', 'in', ['paid', 'rejected'])
    .where(sql<string>`coalesce(date_paid, date_rejected)`, '<', p.endInstant);

type Sub = Expression<unknown>;

async function count(db: Db, table: string, tenantId: number, col: string, sub: Sub): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${tenantId} and ${sql.ref(col)} in (${sub})`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export interface CleanCounts {
  invoices: number;
  invoice_instances: number;
  invoice_actions: number;
  bank_payments: number;
  expense_claims: number;
  receipt_files: number;
  pseudonyms: number;
}

/** Pseudonyms no accounting row uses, once the period's rows are gone (or, in a dry run, would be). */
function unusedPseudonyms(db: Db, p: Period, excludeCleaned: boolean) {
  const t = p.tenantId;
  const keep = (col: string, table: string, idCol: string, cleaned: Sub) =>
    excludeCleaned
      ? sql`exists (select 1 from ${sql.table(table)} x where x.tenant_id = ${t} and x.${sql.ref(col)} = ap.pseudonym and x.${sql.ref(idCol)} not in (${cleaned}))`
      : sql`exists (select 1 from ${sql.table(table)} x where x.tenant_id = ${t} and x.${sql.ref(col)} = ap.pseudonym)`;
  return sql<{ id: number }>`select ap.id from accounting_pseudonyms ap where ap.tenant_id = ${t}
    and not ${keep('recipient_name', 'invoice_instances', 'id', instances(db, p))}
    and not ${keep('payer_name', 'bank_payments', 'id', bankPayments(db, p))}
    and not ${keep('person_name', 'expense_claims', 'id', claims(db, p))}`;
}

export async function countPeriod(db: Db, p: Period): Promise<CleanCounts> {
  const t = p.tenantId;
  const n = (table: string, col: string, sub: Sub) => count(db, table, t, col, sub);
  return {
    invoices: await n('invoices', 'id', invoices(db, p)),
    invoice_instances: await n('invoice_instances', 'id', instances(db, p)),
    invoice_actions: await n('invoice_actions', 'instance_id', instances(db, p)),
    bank_payments: await n('bank_payments', 'id', bankPayments(db, p)),
    expense_claims: await n('expense_claims', 'id', claims(db, p)),
    receipt_files: await n('expense_claim_files', 'claim_id', claims(db, p)),
    pseudonyms: (await unusedPseudonyms(db, p, true).execute(db)).rows.length,
  };
}

/** The deliveries whose files (letters, SMS requests) go after the commit. */
export function deliveriesOfPeriod(db: Db, p: Period): Promise<ErasedDelivery[]> {
  return db.selectFrom('deliveries').select(['id', 'message_id', 'medium']).where('tenant_id', '=', p.tenantId).where('message_id', 'in', messages(db, p)).execute();
}

/** Deletes the period's accounting rows; run inside one transaction. */
export async function deletePeriod(db: Db, p: Period): Promise<void> {
  const t = p.tenantId;
  // Rows of later years that point at what goes keep their amounts and lose only the pointer.
  await db.updateTable('invoice_actions').set({ bank_payment_id: null }).where('tenant_id', '=', t).where('bank_payment_id', 'in', bankPayments(db, p)).where('instance_id', 'not in', instances(db, p)).execute();
  await db.updateTable('bank_payments').set({ suggested_instance_id: null }).where('tenant_id', '=', t).where('suggested_instance_id', 'in', instances(db, p)).execute();
  // Ids first: the sets are defined by rows about to go.
  const messageIds = (await messages(db, p).execute()).map((r) => r.id);
  const statementIds = (await db.selectFrom('bank_payments').select('statement_id').distinct().where('tenant_id', '=', t).where('booking_date', '<=', p.lastDay).execute()).map((r) => r.statement_id);
  await db.deleteFrom('invoice_actions').where('tenant_id', '=', t).where('instance_id', 'in', instances(db, p)).execute();
  await db.deleteFrom('invoice_instances').where('tenant_id', '=', t).where('invoice_id', 'in', invoices(db, p)).execute();
  await db.deleteFrom('invoices').where('tenant_id', '=', t).where('invoice_date', '<=', p.lastDay).execute();
  for (let i = 0; i < messageIds.length; i += 500) {
    const chunk = messageIds.slice(i, i + 500);
    await db.deleteFrom('deliveries').where('tenant_id', '=', t).where('message_id', 'in', chunk).execute();
    await db.deleteFrom('messages').where('tenant_id', '=', t).where('id', 'in', chunk).execute();
  }
  await db.deleteFrom('bank_payments').where('tenant_id', '=', t).where('booking_date', '<=', p.lastDay).execute();
  // A statement whose payments are all gone goes too (its stored file content lists the payers).
  for (let i = 0; i < statementIds.length; i += 500) {
    await sql`delete from bank_statements where tenant_id = ${t} and id in (${sql.join(statementIds.slice(i, i + 500))})
      and not exists (select 1 from bank_payments bp where bp.tenant_id = ${t} and bp.statement_id = bank_statements.id)`.execute(db);
  }
  await sql`delete from bank_statements where tenant_id = ${t} and created_at < ${p.endInstant}
      and not exists (select 1 from bank_payments bp where bp.tenant_id = ${t} and bp.statement_id = bank_statements.id)`.execute(db);
  const claimIds = (await claims(db, p).execute()).map((r) => r.id);
  for (let i = 0; i < claimIds.length; i += 500) {
    const chunk = claimIds.slice(i, i + 500);
    await db.deleteFrom('expense_claim_files').where('tenant_id', '=', t).where('claim_id', 'in', chunk).execute();
    await db.deleteFrom('expense_claim_items').where('tenant_id', '=', t).where('claim_id', 'in', chunk).execute();
    await db.deleteFrom('expense_claim_events').where('tenant_id', '=', t).where('claim_id', 'in', chunk).execute();
    await db.deleteFrom('expense_claims').where('tenant_id', '=', t).where('id', 'in', chunk).execute();
  }
  const unused = (await unusedPseudonyms(db, p, false).execute(db)).rows.map((r) => r.id);
  for (let i = 0; i < unused.length; i += 500) await db.deleteFrom('accounting_pseudonyms').where('tenant_id', '=', t).where('id', 'in', unused.slice(i, i + 500)).execute();
}
