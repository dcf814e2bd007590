import { sql, type Expression, type Insertable, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import type { InvoiceInstancesTable, InvoicesTable } from '../../db/schema';

// The SQL of invoices and of their send rounds' instances. Tenant id first, always.

export type InvoiceRowDb = Selectable<InvoicesTable>;

/** Rows per INSERT: well under SQLite's 32 766 bound parameters at ~17 columns a row. */
const CHUNK = 500;

export async function insertInvoice(trx: Db, tenantId: number, row: Omit<Insertable<InvoicesTable>, 'tenant_id'>): Promise<number> {
  const r = await trx.insertInto('invoices').values({ ...row, tenant_id: tenantId }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateInvoice(trx: Db, tenantId: number, id: number, set: Updateable<InvoicesTable>): Promise<void> {
  await trx.updateTable('invoices').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function invoiceById(db: Db, tenantId: number, id: number): Promise<InvoiceRowDb | undefined> {
  return db.selectFrom('invoices').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Sets the invoice a message belongs to (its first round, a later round, a reminder). */
export async function linkMessage(trx: Db, tenantId: number, messageId: number, invoiceId: number): Promise<void> {
  await trx.updateTable('messages').set({ invoice_id: invoiceId }).where('tenant_id', '=', tenantId).where('id', '=', messageId).execute();
}

export async function insertInstances(trx: Db, rows: readonly Insertable<InvoiceInstancesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await trx.insertInto('invoice_instances').values(rows.slice(i, i + CHUNK)).execute();
}

/** Members who already have an instance of the invoice (adding recipients skips them). */
export async function invoicedMembers(db: Db, tenantId: number, invoiceId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('invoice_instances')
    .select('member_id')
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .where('member_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.member_id!));
}

/** The invoice's first message (its composition) joined in: one list row. */
export type InvoiceWithMessage = InvoiceRowDb & {
  subject: string;
  content: string;
  msg_media: string;
  status: 'draft' | 'paying' | 'sent' | 'cancelled';
  filter: string;
  addrecips: string;
  price: string | null;
  payment_id: string | null;
  sent_at: string | null;
};

function withMessage(db: Db, tenantId: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('messages as m', (j) => j.onRef('m.id', '=', 'i.message_id').onRef('m.tenant_id', '=', 'i.tenant_id'))
    .selectAll('i')
    .select(['m.subject', 'm.content', 'm.msg_media', 'm.status', 'm.filter', 'm.addrecips', 'm.price', 'm.payment_id', 'm.sent_at'])
    .where('i.tenant_id', '=', tenantId);
}

export function getWithMessage(db: Db, tenantId: number, id: number): Promise<InvoiceWithMessage | undefined> {
  return withMessage(db, tenantId).where('i.id', '=', id).executeTakeFirst();
}

/** Newest first (ties by id, so paging is stable). */
export function page(db: Db, tenantId: number, limit: number, offset: number): Promise<InvoiceWithMessage[]> {
  return withMessage(db, tenantId).orderBy('i.id', 'desc').limit(limit).offset(offset).execute();
}

export async function count(db: Db, tenantId: number): Promise<number> {
  const r = await db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Every instance of the given invoices (credit invoices too), in id order. */
export function instancesOfInvoices(db: Db, tenantId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', 'in', [...invoiceIds]).orderBy('id').execute();
}

/** Send rounds and reminders of the given invoices. */
export function messagesOfInvoices(db: Db, tenantId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .select(['id', 'invoice_id', 'kind', 'status', 'sent_at'])
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', 'in', [...invoiceIds])
    .execute();
}

/**
 * The statuses of the given messages' deliveries per member, one row per member × message ×
 * status: enough to tell whether an instance is still queued or bounced without reading every
 * delivery of a large invoice.
 */
export function deliveryStatusesOf(db: Db, tenantId: number, messageIds: readonly number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deliveries')
    .select(['message_id', 'member_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', [...messageIds])
    .groupBy(['message_id', 'member_id', 'status'])
    .execute();
}

/** The invoice's instances in id order, optionally only the given ids. */
export function instancesPage(db: Db, tenantId: number, invoiceId: number, ids: readonly number[] | null, limit: number, offset: number) {
  let q = db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', '=', invoiceId);
  if (ids !== null) {
    if (ids.length === 0) return Promise.resolve([]);
    q = q.where('id', 'in', [...ids]);
  }
  return q.orderBy('id').limit(limit).offset(offset).execute();
}

const likePattern = (term: string): string => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Invoices whose subject contains the term, newest first. */
export function searchSubjects(db: Db, tenantId: number, term: string, limit: number) {
  // SQLite's lower() folds ASCII only; seura_lower (db/kysely.ts) is Unicode lower case.
  const subject = isPostgres(db) ? sql`lower(m.subject)` : sql`seura_lower(m.subject)`;
  return db
    .selectFrom('invoices as i')
    .innerJoin('messages as m', (j) => j.onRef('m.id', '=', 'i.message_id').onRef('m.tenant_id', '=', 'i.tenant_id'))
    .select(['i.id', 'm.subject', 'm.sent_at'])
    .where('i.tenant_id', '=', tenantId)
    .where(sql<boolean>`${subject} like ${likePattern(term)} escape '\\'`)
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/** Instances by invoice number, reference (any of its compact forms) or the invoiced name, newest first. */
export function searchInstances(db: Db, tenantId: number, q: { term: string; number: number | null; references: string[] }, limit: number) {
  const name = isPostgres(db) ? sql`lower(ii.recipient_name)` : sql`seura_lower(ii.recipient_name)`;
  return db
    .selectFrom('invoice_instances as ii')
    .innerJoin('invoices as i', (j) => j.onRef('i.id', '=', 'ii.invoice_id').onRef('i.tenant_id', '=', 'ii.tenant_id'))
    .innerJoin('messages as m', (j) => j.onRef('m.id', '=', 'i.message_id').onRef('m.tenant_id', '=', 'i.tenant_id'))
    .select(['i.id', 'm.subject', 'm.sent_at', 'ii.id as instance_id', 'ii.member_id', 'ii.recipient_name', 'ii.invoice_number', 'ii.reference'])
    .where('ii.tenant_id', '=', tenantId)
    .where((eb) => {
      const ors: Expression<SqlBool>[] = [sql<SqlBool>`${name} like ${likePattern(q.term)} escape '\\'`];
      if (q.number !== null) ors.push(eb('ii.invoice_number', '=', q.number));
      if (q.references.length > 0) ors.push(eb('ii.reference', 'in', q.references));
      return eb.or(ors);
    })
    .orderBy('ii.id', 'desc')
    .limit(limit)
    .execute();
}

/** The last invoice number taken (null before the first), for a sample reference in preview. */
export async function lastNumber(db: Db, tenantId: number): Promise<number | null> {
  const r = await db.selectFrom('invoice_counters').select('last_number').where('tenant_id', '=', tenantId).executeTakeFirst();
  return r?.last_number ?? null;
}
