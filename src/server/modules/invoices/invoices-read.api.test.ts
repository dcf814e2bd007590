import { describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { sentInvoice } from '../../test/factories/invoice';
import { formatReference } from '../../../shared/finnish/reference';
import { insertAction, recompute } from './instances-repo';

// Reading invoices over the API: the list with each invoice's sums, one invoice with its
// instances 20 a page (and by status), delivery counts and polling, and the search.

describe(`invoices: list, one invoice, search (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Lukuseura ry' });
  const { t, tenant, admin } = ctx;

  /** Books a payment on an instance as the bank sync would. */
  async function pay(instanceId: number, cents: number) {
    const at = new Date().toISOString();
    await t.deps.db.transaction().execute(async (trx) => {
      await insertAction(trx, { tenant_id: tenant.tenant.id, instance_id: instanceId, action_type: 'sync_payment', amount_c: cents, author_id: null, created_at: at, rows: null, credit_instance_id: null, message_id: null, date_due: null, pay_date: at.slice(0, 10), payer_name: 'Maksaja', archive_id: null, batch_id: null });
      await recompute(trx, tenant.tenant.id, instanceId, at);
    });
  }

  it('pages instances 20 at a time, filters them by status, and sums all of them', async () => {
    const big = await sentInvoice(ctx, { members: 23, rows: [{ title: 'Maksu', amount_with_vat: '10', vat_percent: 0 }] });
    await pay(big.instanceIds[0]!, 1000);
    await pay(big.instanceIds[1]!, 400);
    // The outbox has sent them all.
    await t.deps.db.updateTable('deliveries').set({ status: 'sent' }).where('tenant_id', '=', tenant.tenant.id).execute();

    const first = await admin.get(`/api/1/invoices/${big.invoiceId}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      id: big.invoiceId,
      status: 'sent',
      subject: 'Jäsenmaksu',
      amount_c: 1000,
      count_total_c: 23,
      count_paid_c: 1,
      count_open_c: 22,
      amount_total_c: 23_000,
      amount_paid_c: 1400,
      amount_pending_c: 23_000 - 1400,
      instances_count: 23,
      polling: false,
      can_add_recipients: true,
      invoice_rows_: [{ title: 'Maksu', amount_c: 1000, vat_percent: 0 }],
    });
    expect(first.body.msg_statuses).toMatchObject({ sent: 23, queued: 0 });
    expect(first.body.instances).toHaveLength(20);
    expect(first.body.instances[0]).toMatchObject({ id: big.instanceIds[0], person_id: big.memberIds[0], status_c: 'paid', amount_paid_c: 1000, amount_open_c: 0 });
    expect(first.body.instances[1]).toMatchObject({ status_c: 'underpaid', amount_open_c: 600 });
    expect(first.body.instances[2]).toMatchObject({ status_c: 'pending', msg_statuses: [expect.objectContaining({ medium: 'email', status: 'sent' })] });

    const second = await admin.get(`/api/1/invoices/${big.invoiceId}?page=1`);
    expect(second.body.instances.map((i: { id: number }) => i.id)).toEqual(big.instanceIds.slice(20));
    const paid = await admin.get(`/api/1/invoices/${big.invoiceId}?status=paid`);
    expect(paid.body).toMatchObject({ instances_count: 1, count_total_c: 23 });
    expect(paid.body.instances.map((i: { id: number }) => i.id)).toEqual([big.instanceIds[0]]);
    const bad = await admin.get(`/api/1/invoices/${big.invoiceId}?status=maybe`);
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/1/invoices/999999')).status).toBe(404);

    // Past the due date, the open ones are overdue.
    await t.deps.db.updateTable('invoice_instances').set({ date_due: '2020-01-01' }).where('invoice_id', '=', big.invoiceId).execute();
    const late = await admin.get(`/api/1/invoices/${big.invoiceId}`);
    expect(late.body).toMatchObject({ count_overdue_c: 21, count_open_c: 22 });
  });

  it('lists invoices newest first with their sums, and polls while deliveries are queued', async () => {
    const a = await sentInvoice(ctx, { members: 2 });
    const b = await sentInvoice(ctx, { members: 3, rows: [{ title: 'Kausi', amount_with_vat: '12,50', vat_percent: 0 }] });
    await pay(b.instanceIds[0]!, 1250);
    const list = await admin.get('/api/1/invoices/all');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const ids = list.body.results.map((r: { id: number }) => r.id);
    expect(ids.indexOf(b.invoiceId)).toBeLessThan(ids.indexOf(a.invoiceId));
    expect(list.body.count).toBe(ids.length);
    expect(list.body.results.find((r: { id: number }) => r.id === b.invoiceId)).toMatchObject({
      subject: 'Jäsenmaksu',
      msg_media: 'email',
      status: 'sent',
      amount_c: 1250,
      count_total_c: 3,
      count_paid_c: 1,
      amount_total_c: 3750,
      amount_paid_c: 1250,
      amount_pending_c: 2500,
      sent_at: expect.any(String),
    });
    const got = await admin.get(`/api/1/invoices/${a.invoiceId}`);
    expect(got.body).toMatchObject({ polling: true, msg_statuses: { queued: 2 } });
    expect(got.body.instances.map((i: { status_c: string }) => i.status_c)).toEqual(['queued', 'queued']);
  });

  it('finds invoices by subject, and instances by number, reference typed grouped or not, and name', async () => {
    const s = await sentInvoice(ctx, { members: 1 });
    const inst = await t.deps.db.selectFrom('invoice_instances').selectAll().where('id', '=', s.instanceIds[0]!).executeTakeFirstOrThrow();
    await t.deps.db.updateTable('messages').set({ subject: 'Syyskauden kurssimaksu' }).where('invoice_id', '=', s.invoiceId).execute();
    const find = (term: string) => admin.post('/api/1/invoices/supersearch', { term });

    const bySubject = await find('SYYSKAUDEN');
    expect(bySubject.body.results).toEqual([{ id: s.invoiceId, subject: 'Syyskauden kurssimaksu', instance_id: null, person_id: null, name: null, invoice_number: null, reference: null, sent_at: expect.any(String) }]);
    const byNumber = await find(String(inst.invoice_number));
    expect(byNumber.body.results).toContainEqual(expect.objectContaining({ id: s.invoiceId, instance_id: inst.id, invoice_number: inst.invoice_number, person_id: s.memberIds[0] }));
    for (const ref of [inst.reference, formatReference(inst.reference)]) {
      const r = await find(ref);
      expect(r.body.results, ref).toContainEqual(expect.objectContaining({ instance_id: inst.id, reference: inst.reference }));
    }
    const byName = await find(inst.recipient_name.split(' ')[1]!.toLowerCase());
    expect(byName.body.results).toEqual([expect.objectContaining({ instance_id: inst.id, name: inst.recipient_name })]);
    expect((await find('zzzz-ei-ole')).body).toEqual({ results: [] });
    const short = await find(' ab ');
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ errors: { term: ['_validation_too_short'] } });
  });
});
