import type { Db } from '../../db/kysely';
import type { ActionRow, InstanceRow } from './instances-repo';

// The reports' SQL. Periods arrive as UTC instants [start, end) of Helsinki days; every
// report reads only invoices created on or after the cut-off instant (REPORT_COVERS_FROM).

export interface ReportInvoiceRow {
  id: number;
  subject: string;
  created_at: string;
  date_due: string;
  /** JSON [{title, amount_c, vat_percent}] */
  rows: string;
}

/** IN lists are cut to this many ids (both databases' parameter limits stay far away). */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Sent or paid-for invoices (those with instances) created in [start, end), optionally only the given ids; oldest first. */
export async function invoicesCreatedBetween(db: Db, tenantId: number, start: string, end: string, ids: readonly number[]): Promise<ReportInvoiceRow[]> {
  let q = db
    .selectFrom('invoices')
    .innerJoin('messages', (j) => j.onRef('messages.id', '=', 'invoices.message_id').onRef('messages.tenant_id', '=', 'invoices.tenant_id'))
    .select(['invoices.id', 'messages.subject', 'invoices.created_at', 'invoices.date_due', 'invoices.rows'])
    .where('invoices.tenant_id', '=', tenantId)
    .where('invoices.created_at', '>=', start)
    .where('invoices.created_at', '<', end)
    .where((eb) =>
      eb.exists(eb.selectFrom('invoice_instances as ii').select('ii.id').where('ii.tenant_id', '=', tenantId).whereRef('ii.invoice_id', '=', 'invoices.id')),
    );
  if (ids.length > 0) q = q.where('invoices.id', 'in', [...ids]);
  return q.orderBy('invoices.created_at').orderBy('invoices.id').execute();
}

/** Which of the ids are invoices of this association. */
export async function existingInvoiceIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('invoices').select('id').where('tenant_id', '=', tenantId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

/** Every instance (invoices and credit invoices) of the given invoices, by id. */
export async function instancesOfInvoices(db: Db, tenantId: number, invoiceIds: readonly number[]): Promise<InstanceRow[]> {
  const out: InstanceRow[] = [];
  for (const part of chunks(invoiceIds)) {
    out.push(...(await db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', 'in', part).orderBy('id').execute()));
  }
  return out;
}

/**
 * Instances created in [start, end) of invoices created on or after `coversFrom`, by number.
 * `kinds` limits to invoices or credit invoices.
 */
export async function instancesCreatedBetween(
  db: Db,
  tenantId: number,
  range: { start: string; end: string; coversFrom: string },
  kinds: readonly ('invoice' | 'credit')[],
): Promise<InstanceRow[]> {
  return db
    .selectFrom('invoice_instances')
    .innerJoin('invoices', (j) => j.onRef('invoices.id', '=', 'invoice_instances.invoice_id').onRef('invoices.tenant_id', '=', 'invoice_instances.tenant_id'))
    .selectAll('invoice_instances')
    .where('invoice_instances.tenant_id', '=', tenantId)
    .where('invoice_instances.kind', 'in', [...kinds])
    .where('invoice_instances.created_at', '>=', range.start)
    .where('invoice_instances.created_at', '<', range.end)
    .where('invoices.created_at', '>=', range.coversFrom)
    .orderBy('invoice_instances.invoice_number')
    .execute();
}

/** The invoices' rows JSON and subjects, by invoice id. */
export async function invoicesByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, { rows: string; subject: string }>> {
  const out = new Map<number, { rows: string; subject: string }>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('invoices')
      .innerJoin('messages', (j) => j.onRef('messages.id', '=', 'invoices.message_id').onRef('messages.tenant_id', '=', 'invoices.tenant_id'))
      .select(['invoices.id', 'invoices.rows', 'messages.subject'])
      .where('invoices.tenant_id', '=', tenantId)
      .where('invoices.id', 'in', part)
      .execute();
    for (const r of rows) out.set(r.id, { rows: r.rows, subject: r.subject });
  }
  return out;
}

/** Every action of the given instances, oldest first. */
export async function actionsOfInstances(db: Db, tenantId: number, instanceIds: readonly number[]): Promise<ActionRow[]> {
  const out: ActionRow[] = [];
  for (const part of chunks(instanceIds)) {
    out.push(...(await db.selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tenantId).where('instance_id', 'in', part).orderBy('id').execute()));
  }
  return out;
}
