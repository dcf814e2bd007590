import type { Db } from '../../../db/kysely';
import type { InstanceRow } from '../instances-repo';

// The SQL of invoice PDFs and personal deliveries. Tenant first, always.

export async function tenantName(db: Db, tenantId: number): Promise<string> {
  const r = await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow();
  return r.name;
}

export async function invoiceExists(db: Db, tenantId: number, invoiceId: number): Promise<boolean> {
  const r = await db.selectFrom('invoices').select('id').where('tenant_id', '=', tenantId).where('id', '=', invoiceId).executeTakeFirst();
  return r !== undefined;
}

/** The invoice's own instances (no credit invoices) in number order, a page at a time. */
export function invoiceInstancesPage(db: Db, tenantId: number, invoiceId: number, limit: number, offset: number): Promise<InstanceRow[]> {
  return db
    .selectFrom('invoice_instances')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .where('kind', '=', 'invoice')
    .orderBy('invoice_number')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The reminder action that a reminder message made on the instance. */
export function reminderAction(db: Db, tenantId: number, instanceId: number, messageId: number) {
  return db
    .selectFrom('invoice_actions')
    .select(['date_due', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('action_type', '=', 'reminder')
    .where('message_id', '=', messageId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function messageContent(db: Db, tenantId: number, messageId: number): Promise<string | null> {
  const r = await db.selectFrom('messages').select('content').where('tenant_id', '=', tenantId).where('id', '=', messageId).executeTakeFirst();
  return r?.content ?? null;
}

/** The instance a send round made for the member. */
export async function roundInstanceId(db: Db, tenantId: number, messageId: number, memberId: number): Promise<number | null> {
  const row = await db
    .selectFrom('invoice_instances')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('member_id', '=', memberId)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The member's instance that a reminder message reminds of (by its reminder action). */
export async function reminderInstanceId(db: Db, tenantId: number, messageId: number, memberId: number): Promise<number | null> {
  const row = await db
    .selectFrom('invoice_actions as a')
    .innerJoin('invoice_instances as i', (j) => j.onRef('i.id', '=', 'a.instance_id').onRef('i.tenant_id', '=', 'a.tenant_id'))
    .select('i.id')
    .where('a.tenant_id', '=', tenantId)
    .where('a.action_type', '=', 'reminder')
    .where('a.message_id', '=', messageId)
    .where('i.member_id', '=', memberId)
    .executeTakeFirst();
  return row?.id ?? null;
}
