import { PostgresAdapter, sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { BankPaymentsTable, BankStatementsTable, InvoiceActionsTable } from '../../db/schema';
import { instanceState, type OpenInstance } from './match';

// The SQL of the statement pipeline: statements, their payments, the instances a statement
// is matched against and the actions it booked. Tenant id first, always.

export type StatementRow = Selectable<BankStatementsTable>;
export type PaymentRow = Selectable<BankPaymentsTable>;

/** Rows and ids per statement: well inside SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Inside a transaction: the association's bank lock until commit, so two statements applied
 * (or undone, or a payment assigned) at once take turns and each sees the other's payments.
 * SQLite's single writer serialises them already.
 */
export async function lockBank(trx: Db, tenantId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`bank:${tenantId}`}, 0))`.execute(trx);
  }
}

/** Every instance a payment can go to: open ones, and paid ones (exact references only). */
export async function matchableInstances(db: Db, tenantId: number): Promise<OpenInstance[]> {
  const rows = await db
    .selectFrom('invoice_instances')
    .select(['id', 'member_id', 'invoice_number', 'reference', 'recipient_name', 'kind', 'mark', 'amount_c', 'paid_c', 'credited_c'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'invoice')
    .where('mark', '!=', 'cancelled')
    .execute();
  const out: OpenInstance[] = [];
  for (const r of rows) {
    const s = instanceState(r);
    if (s) out.push({ id: r.id, member_id: r.member_id, invoice_number: r.invoice_number, reference: r.reference, name: r.recipient_name, ...s });
  }
  return out;
}

/** Which of these archive ids the association already has a payment for. */
export async function knownArchiveIds(db: Db, tenantId: number, archiveIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(archiveIds)])) {
    const rows = await db.selectFrom('bank_payments').select('archive_id').where('tenant_id', '=', tenantId).where('archive_id', 'in', part).execute();
    for (const r of rows) out.add(r.archive_id);
  }
  return out;
}

export interface InstanceInfo {
  id: number;
  invoice_id: number;
  member_id: number | null;
  invoice_number: number;
  recipient_name: string;
  reference: string;
  subject: string;
}

/** The instances' numbers, names and their invoices' subjects, for the dry run and the review list. */
export async function instanceInfo(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, InstanceInfo>> {
  const out = new Map<number, InstanceInfo>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('invoice_instances as i')
      .innerJoin('invoices as v', (j) => j.onRef('v.id', '=', 'i.invoice_id').onRef('v.tenant_id', '=', 'i.tenant_id'))
      .leftJoin('messages as m', (j) => j.onRef('m.id', '=', 'v.message_id').onRef('m.tenant_id', '=', 'v.tenant_id'))
      .select(['i.id', 'i.invoice_id', 'i.member_id', 'i.invoice_number', 'i.recipient_name', 'i.reference', 'm.subject'])
      .where('i.tenant_id', '=', tenantId)
      .where('i.id', 'in', part)
      .execute();
    for (const r of rows) out.set(r.id, { ...r, subject: r.subject ?? '' });
  }
  return out;
}

/** The compact IBANs on the association's bank mandate. */
export async function mandateAccounts(db: Db, tenantId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('bank_mandates').select('iban').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.iban.replace(/\s+/g, '').toUpperCase()));
}

/** The associations whose mandate names the account (BANK_DIR routing). */
export async function tenantsByMandate(db: Db, iban: string): Promise<number[]> {
  const rows = await db.selectFrom('bank_mandates').select('tenant_id').where('iban', '=', iban).distinct().execute();
  return rows.map((r) => r.tenant_id);
}

export async function insertStatement(db: Db, row: Insertable<BankStatementsTable>): Promise<number> {
  const r = await db.insertInto('bank_statements').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function statementById(db: Db, tenantId: number, id: number): Promise<StatementRow | undefined> {
  return db.selectFrom('bank_statements').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function updateStatement(db: Db, tenantId: number, id: number, set: Partial<Pick<StatementRow, 'status' | 'batch_id' | 'booked' | 'applied_at' | 'undone_at'>>): Promise<void> {
  await db.updateTable('bank_statements').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Inserts the payments; returns archive id → payment id. */
export async function insertPayments(trx: Db, rows: readonly Insertable<BankPaymentsTable>[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks(rows)) {
    const got = await trx.insertInto('bank_payments').values(part).returning(['id', 'archive_id']).execute();
    for (const r of got) out.set(r.archive_id, r.id);
  }
  return out;
}

export async function insertActions(trx: Db, rows: readonly Insertable<InvoiceActionsTable>[]): Promise<void> {
  for (const part of chunks(rows)) await trx.insertInto('invoice_actions').values(part).execute();
}

export async function paymentIdsOf(db: Db, tenantId: number, statementId: number): Promise<number[]> {
  const rows = await db.selectFrom('bank_payments').select('id').where('tenant_id', '=', tenantId).where('statement_id', '=', statementId).execute();
  return rows.map((r) => r.id);
}

/** The instances touched by actions of these payments. */
export async function instancesOfPayments(db: Db, tenantId: number, paymentIds: readonly number[]): Promise<number[]> {
  const out = new Set<number>();
  for (const part of chunks(paymentIds)) {
    const rows = await db.selectFrom('invoice_actions').select('instance_id').where('tenant_id', '=', tenantId).where('bank_payment_id', 'in', part).execute();
    for (const r of rows) out.add(r.instance_id);
  }
  return [...out];
}

/**
 * Deletes every action made from these payments (the statement's bookings and later
 * assignments), then the payments. Returns how many payments had bookings, and the actions.
 */
export async function deletePayments(trx: Db, tenantId: number, paymentIds: readonly number[]): Promise<{ payments: number; actions: number }> {
  let payments = 0;
  let actions = 0;
  for (const part of chunks(paymentIds)) {
    const booked = await trx.selectFrom('invoice_actions').select('bank_payment_id').distinct().where('tenant_id', '=', tenantId).where('bank_payment_id', 'in', part).execute();
    payments += booked.length;
    const r = await trx.deleteFrom('invoice_actions').where('tenant_id', '=', tenantId).where('bank_payment_id', 'in', part).executeTakeFirst();
    actions += Number(r.numDeletedRows);
    await trx.deleteFrom('bank_payments').where('tenant_id', '=', tenantId).where('id', 'in', part).execute();
  }
  return { payments, actions };
}

/** A page of the association's statements, newest first, with their authors' names. */
export async function statementsPage(db: Db, tenantId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('bank_statements as s')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 's.author_id').onRef('m.tenant_id', '=', 's.tenant_id'))
    .select(['s.id', 's.format', 's.source', 's.filename', 's.accounts', 's.entries', 's.total_c', 's.booked', 's.status', 's.created_at', 's.applied_at', 's.undone_at', 'm.firstname', 'm.lastname'])
    .where('s.tenant_id', '=', tenantId)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db.selectFrom('bank_statements').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  return { rows, count: Number(count.n) };
}
