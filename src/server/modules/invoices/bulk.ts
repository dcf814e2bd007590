import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { act } from '../log/act';
import { OPEN_STATUSES } from '../../../shared/invoices/status';
import type { bulkMarkBody, bulkMarkReply, bulkUndoReply } from '../../../shared/schemas/invoices';
import { batchActions, insertActions, instancesOfInvoice, invoiceById, latestMarks, lockInstances, lockInvoiceInstances, setCached } from './actions-repo';
import { instanceById } from './instances-repo';
import { helsinkiToday, presentInstances } from './present';
import { NotAllowed } from './actions';

// Bulk marks: every open instance of an invoice marked paid or cancelled at once, the marks
// sharing one batch id so the whole can be undone as one.

export async function bulkMark(deps: Deps, tenant: Tenant, me: Member, body: z.infer<typeof bulkMarkBody>): Promise<z.infer<typeof bulkMarkReply>> {
  const invoice = await invoiceById(deps.db, tenant.id, body.id);
  if (!invoice) throw new NotFound();
  const batchId = crypto.randomUUID();
  return act(deps, tenant, me, 'invoice_bulk_marked', async (trx, line, at) => {
    await lockInvoiceInstances(trx, tenant.id, invoice.id);
    const rows = await instancesOfInvoice(trx, tenant.id, invoice.id);
    const presented = await presentInstances(trx, tenant.id, rows, helsinkiToday(new Date(at)));
    const open = presented.filter((p) => OPEN_STATUSES.includes(p.status_c) && p.amount_open_c > 0);
    await insertActions(trx, open.map((p) => ({ tenant_id: tenant.id, instance_id: p.id, action_type: body.action_type, batch_id: batchId, author_id: me.id, created_at: at })));
    // The new mark is each instance's latest: what recompute would cache, without re-reading thousands of histories.
    await setCached(trx, tenant.id, open.map((p) => p.id), { mark: body.action_type === 'mark_paid' ? 'paid' : 'cancelled', updated_at: at });
    line.context = 'invoices';
    line.data = [{ field: 'invoice_bulk', new: { invoice_id: invoice.id, action_type: body.action_type, batch_id: batchId, count: open.length, amount_c: open.reduce((s, p) => s + p.amount_open_c, 0) } }];
    line.write = open.length > 0;
    return { batch_id: open.length > 0 ? batchId : null, count: open.length };
  });
}

/** Undoes a bulk mark: each mark the batch set that is still its instance's latest mark is cleared. */
export async function bulkUndo(deps: Deps, tenant: Tenant, me: Member, batchId: string): Promise<z.infer<typeof bulkUndoReply>> {
  const marked = await batchActions(deps.db, tenant.id, batchId);
  if (marked.length === 0) throw new NotFound();
  return act(deps, tenant, me, 'invoice_bulk_undone', async (trx, line, at) => {
    // Two undos of one batch take turns: the second sees the first's mark_pending rows.
    await lockInstances(trx, tenant.id, [...new Set(marked.map((a) => a.instance_id))]);
    const batch = await batchActions(trx, tenant.id, batchId);
    if (batch.some((a) => a.action_type === 'mark_pending')) throw new NotAllowed('batch_already_undone');
    // Only marks still in force are cleared: an instance changed by hand since keeps its later mark.
    const latest = await latestMarks(trx, tenant.id, batch.map((a) => a.instance_id));
    const undo = batch.filter((mark) => latest.get(mark.instance_id) === mark.id).map((mark) => mark.instance_id);
    await insertActions(trx, undo.map((id) => ({ tenant_id: tenant.id, instance_id: id, action_type: 'mark_pending', batch_id: batchId, author_id: me.id, created_at: at })));
    await setCached(trx, tenant.id, undo, { mark: 'none', updated_at: at });
    const count = undo.length;
    const first = await instanceById(trx, tenant.id, batch[0]!.instance_id);
    line.context = 'invoices';
    line.data = [{ field: 'invoice_bulk', old: { invoice_id: first?.invoice_id ?? null, batch_id: batchId, count: batch.length }, new: { undone: count } }];
    return { count };
  });
}
