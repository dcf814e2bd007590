import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { InvoiceInstancesTable, InvoicesTable } from '../../db/schema';
import type { InstanceRow } from './instances-repo';

// The SQL of the hand actions, credits, bulk marks and reminders (the instance and action
// basics are in instances-repo.ts). Tenant id first, always.

export type InvoiceRowDb = Selectable<InvoicesTable>;

export function invoiceById(db: Db, tenantId: number, id: number): Promise<InvoiceRowDb | undefined> {
  return db.selectFrom('invoices').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The invoice's subject (its first message's). */
export async function subjectOf(db: Db, tenantId: number, messageId: number): Promise<string> {
  const r = await db.selectFrom('messages').select('subject').where('tenant_id', '=', tenantId).where('id', '=', messageId).executeTakeFirst();
  return r?.subject ?? '';
}

/** Every invoice instance (not credit invoices) of the invoice, in id order. */
export function instancesOfInvoice(db: Db, tenantId: number, invoiceId: number): Promise<InstanceRow[]> {
  return db
    .selectFrom('invoice_instances')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .where('kind', '=', 'invoice')
    .orderBy('id')
    .execute();
}

export async function insertInstance(trx: Db, row: Insertable<InvoiceInstancesTable>): Promise<number> {
  const r = await trx.insertInto('invoice_instances').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function creditInvoiceByNumber(db: Db, tenantId: number, number: number): Promise<InstanceRow | undefined> {
  return db
    .selectFrom('invoice_instances')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_number', '=', number)
    .where('kind', '=', 'credit')
    .executeTakeFirst();
}

/** An instance's actions with their authors' names and the numbers of the credit invoices they made. */
export function actionsWithNames(db: Db, tenantId: number, instanceId: number) {
  return db
    .selectFrom('invoice_actions as a')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'a.author_id').onRef('m.tenant_id', '=', 'a.tenant_id'))
    .leftJoin('invoice_instances as c', (j) => j.onRef('c.id', '=', 'a.credit_instance_id').onRef('c.tenant_id', '=', 'a.tenant_id'))
    .selectAll('a')
    .select(['m.firstname', 'm.lastname', 'c.invoice_number as credit_invoice_number'])
    .where('a.tenant_id', '=', tenantId)
    .where('a.instance_id', '=', instanceId)
    .orderBy('a.id')
    .execute();
}

/** The credit action that made the given credit invoice (its comment and rows). */
export function creditActionOf(db: Db, tenantId: number, creditInstanceId: number) {
  return db
    .selectFrom('invoice_actions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('credit_instance_id', '=', creditInstanceId)
    .where('action_type', '=', 'credit')
    .executeTakeFirst();
}

/** The actions of a bulk batch, in id order. */
export function batchActions(db: Db, tenantId: number, batchId: string) {
  return db.selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tenantId).where('batch_id', '=', batchId).orderBy('id').execute();
}

/**
 * Row-locks the instances until the transaction ends (an update that changes nothing), so
 * parallel actions on one instance take turns and each sees the other's result.
 */
export async function lockInstances(trx: Db, tenantId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('invoice_instances')
    .set({ updated_at: sql<string>`updated_at` })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Locks every instance of the invoice (see lockInstances). */
export async function lockInvoiceInstances(trx: Db, tenantId: number, invoiceId: number): Promise<void> {
  await trx
    .updateTable('invoice_instances')
    .set({ updated_at: sql<string>`updated_at` })
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .execute();
}
