import { describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { sentInvoice } from '../../test/factories/invoice';
import { createReference } from '../../../shared/finnish/reference';

// Invoices over the API: sending and numbering. (More in the other invoices*.api.test.ts files.)

describe(`invoices: send (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Laskuseura ry' });
  const { t, tenant } = ctx;

  it('sends a free email invoice: one numbered instance with a reference per recipient, deliveries queued', async () => {
    const sent = await sentInvoice(ctx, { members: 3 });
    expect(sent.instanceIds).toHaveLength(3);
    const rows = await t.deps.db.selectFrom('invoice_instances').selectAll().where('invoice_id', '=', sent.invoiceId).orderBy('id').execute();
    expect(rows.map((r) => r.invoice_number)).toEqual([1000, 1001, 1002]);
    expect(rows.map((r) => r.reference)).toEqual([createReference('1000'), createReference('1001'), createReference('1002')]);
    expect(rows.map((r) => r.member_id)).toEqual(sent.memberIds);
    expect(rows[0]).toMatchObject({ amount_c: 2500, recipient_name: expect.stringContaining('Laskutettava'), recipient_address: expect.stringContaining('00100 Helsinki'), tenant_id: tenant.tenant.id });
    const inv = await t.deps.db.selectFrom('invoices').selectAll().where('id', '=', sent.invoiceId).executeTakeFirstOrThrow();
    const msg = await t.deps.db.selectFrom('messages').selectAll().where('id', '=', inv.message_id).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ kind: 'invoice', status: 'sent', invoice_id: sent.invoiceId, recipient_count: 3 });
    const deliveries = await t.deps.db.selectFrom('deliveries').selectAll().where('message_id', '=', msg.id).execute();
    expect(deliveries.map((d) => [d.medium, d.status])).toEqual([['email', 'queued'], ['email', 'queued'], ['email', 'queued']]);
    const item = await t.deps.db.selectFrom('payment_items').selectAll().where('subject_id', '=', msg.id).where('context', '=', 'invoice').executeTakeFirstOrThrow();
    expect(item).toMatchObject({ amount: 0, goto: `/invoices/${sent.invoiceId}` });
  });
});
