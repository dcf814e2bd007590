import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { act } from '../log/act';
import { OPEN_STATUSES } from '../../../shared/invoices/status';
import type { bulkMarkBody, bulkMarkReply, bulkUndoReply } from '../../../shared/schemas/invoices';
import { batchActions, instancesOfInvoice, invoiceById, lockInstances, lockInvoiceInstances } from './actions-repo';
import { actionsOf, insertAction, instanceById, recompute } from './instances-repo';
import { helsinkiToday, presentInstances } from './present';
import { NotAllowed } from './actions';

// Bulk marks: every open instance of an invoice marked paid or cancelled at once, the marks
// sharing one batch id so the whole can be undone as one.

const MARKS = new Set(['mark_paid', 'mark_cancelled', 'mark_pending', 'mark_paid_cancel']);

export async function bulkMark(deps: Deps, tenant: Tenant, me: Member, body: z.infer<typeof bulkMarkBody>): Promise<z.infer<typeof bulkMarkReply>> {
  const invoice = await invoiceById(deps.db, tenant.id, body.id);
  if (!invoice) throw new NotFound();
  const batchId = crypto.randomUUID();
  return act(deps, tenant, me, 'invoice_bulk_marked', async (trx, line, at) => {
    await lockInvoiceInstances(trx, tenant.id, invoice.id);
    const rows = await instancesOfInvoice(trx, tenant.id, invoice.id);
    const presented = await presentInstances(trx, tenant.id, rows, helsinkiToday(new Date(at)));
    const open = presented.filter((p) => OPEN_STATUSES.includes(p.status_c) && p.amount_open_c > 0);
    for (const p of open) {
      await insertAction(trx, { tenant_id: tenant.id, instance_id: p.id, action_type: body.action_type, batch_id: batchId, author_id: me.id, created_at: at });
      await recompute(trx, tenant.id, p.id, at);
    }
    line.context = `invoice:${invoice.id}`;
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
    let count = 0;
    for (const mark of batch) {
      const latest = (await actionsOf(trx, tenant.id, mark.instance_id)).filter((a) => MARKS.has(a.action_type)).at(-1);
      // Changed by hand since: the later mark stands.
      if (latest?.id !== mark.id) continue;
      await insertAction(trx, { tenant_id: tenant.id, instance_id: mark.instance_id, action_type: 'mark_pending', batch_id: batchId, author_id: me.id, created_at: at });
      await recompute(trx, tenant.id, mark.instance_id, at);
      count += 1;
    }
    const first = await instanceById(trx, tenant.id, batch[0]!.instance_id);
    line.context = `invoice:${first?.invoice_id ?? ''}`;
    line.data = [{ field: 'invoice_bulk', old: { batch_id: batchId, count: batch.length }, new: { undone: count } }];
    return { count };
  });
}
