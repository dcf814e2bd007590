import { describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { sentInvoice } from '../../test/factories/invoice';
import { delivered } from '../../test/factories/invoice-actions';

// Bulk marks over an invoice's open instances, and undoing them as one batch.

describe(`invoice bulk marks (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Massaseura ry' });
  const { admin, t, tenant } = ctx;
  const statuses = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await admin.post('/api/1/invoices/get_invoice_instance_actions', { instance_id: id })).body.instance.status_c as string));

  it('marks every open instance paid in one batch, one log line; the undo clears only marks still in force', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 4 });
    await delivered(ctx, invoiceId);
    const [a, b, c, d] = instanceIds as [number, number, number, number];
    await admin.post('/api/1/invoices/add_action', { instance_id: c, action_type: 'manual_payment', amount: '25' });
    await admin.post('/api/1/invoices/add_action', { instance_id: d, action_type: 'manual_payment', amount: '5' });
    const logBefore = await t.deps.db.selectFrom('activity_log').select('id').where('tenant_id', '=', tenant.tenant.id).where('event', '=', 'invoice_bulk_marked').execute();

    const r = await admin.post('/api/1/invoices/bulk_mark', { id: invoiceId, action_type: 'mark_paid' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ batch_id: expect.stringMatching(/^[0-9a-f-]{36}$/), count: 3 });
    expect(await statuses([a, b, c, d])).toEqual(['paid', 'paid', 'paid', 'paid']);
    const marks = await t.deps.db.selectFrom('invoice_actions').selectAll().where('batch_id', '=', r.body.batch_id).orderBy('id').execute();
    expect(marks.map((m) => [m.instance_id, m.action_type])).toEqual([[a, 'mark_paid'], [b, 'mark_paid'], [d, 'mark_paid']]);
    const logAfter = await t.deps.db.selectFrom('activity_log').select('id').where('tenant_id', '=', tenant.tenant.id).where('event', '=', 'invoice_bulk_marked').execute();
    expect(logAfter.length).toBe(logBefore.length + 1);

    // Nothing open any more: nothing marked, no batch.
    expect((await admin.post('/api/1/invoices/bulk_mark', { id: invoiceId, action_type: 'mark_cancelled' })).body).toEqual({ batch_id: null, count: 0 });

    // b changed by hand since the batch: its later mark stands.
    await admin.post('/api/1/invoices/add_action', { instance_id: b, action_type: 'mark_pending' });
    await admin.post('/api/1/invoices/add_action', { instance_id: b, action_type: 'mark_cancelled' });
    const undo = await admin.post('/api/1/invoices/bulk_undo', { batch_id: r.body.batch_id });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toEqual({ count: 2 });
    expect(await statuses([a, b, c, d])).toEqual(['pending', 'cancelled', 'paid', 'underpaid']);
    const pend = await t.deps.db.selectFrom('invoice_actions').selectAll().where('batch_id', '=', r.body.batch_id).where('action_type', '=', 'mark_pending').execute();
    expect(pend.map((p) => p.instance_id).sort()).toEqual([a, d].sort());

    const second = await admin.post('/api/1/invoices/bulk_undo', { batch_id: r.body.batch_id });
    expect(second.status).toBe(422);
    expect(second.body).toEqual({ errors: { general: ['batch_already_undone'] } });
  });

  it('cancels in bulk; unknown invoices and batches are not found', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 2 });
    await delivered(ctx, invoiceId);
    const r = await admin.post('/api/1/invoices/bulk_mark', { id: invoiceId, action_type: 'mark_cancelled' });
    expect(r.body.count).toBe(2);
    expect(await statuses(instanceIds)).toEqual(['cancelled', 'cancelled']);
    expect((await admin.post('/api/1/invoices/bulk_mark', { id: 999_999, action_type: 'mark_paid' })).status).toBe(404);
    expect((await admin.post('/api/1/invoices/bulk_undo', { batch_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await admin.post('/api/1/invoices/bulk_mark', { id: invoiceId, action_type: 'mark_pending' })).status).toBe(400);
  });
});
